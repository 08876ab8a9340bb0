class app($port = 'eighty') {
  validate_integer($port)
}
include app
