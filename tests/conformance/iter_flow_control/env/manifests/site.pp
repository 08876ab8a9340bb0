class c {
  notify { 'c-before': }
  next(3)
  notify { 'c-after': }
}
define d() {
  notify { "d-${title}": }
  return()
  notify { "d-${title}-after": }
}
function f() >> Integer {
  # return() leaves as it is; the return type is not checked
  return('a string')
}
function g() >> Integer {
  [1, 2, 3].each |$x| { if $x == 2 { return($x * 10) } }
  0
}
function h() {
  next('from next')
}
# break() in `any` leaves the enclosing each
$seen = [1, 2].map |$o| {
  [1, 2, 3].each |$i| {
    [1, 2, 3].any |$x| { if $x == 2 { break() } false }
  }
  $o
}
include c
d { 'x': }
notify { 'values':
  message => [f(), g(), h(), $seen,
    with(1, 2, 3) |$a| { $a },
    with(1) |$a, $b = 'dflt'| { "${a}-${b}" },
    [1, 2, 3, 4].map |$x| { if $x % 2 == 0 { next('even') } $x },
    [1, 2, 3].reduce |$m, $x| { if $x == 3 { break() } $m + $x },
    Integer[1, 9].step(3) |$x| { if $x > 5 { break() } },
  ],
}
