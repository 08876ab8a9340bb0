# return without a value
function ret_bare() {
  return
}
