class c {
  $other::x = 1
}
include c
