function m::f() {
  $other::x = 1
}
