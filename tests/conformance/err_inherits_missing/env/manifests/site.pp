class derived inherits nosuch {
  notify { 'x': }
}
include derived
