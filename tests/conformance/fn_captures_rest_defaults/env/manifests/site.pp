function r1(*$r = 5) { $r }
function r2(*$r = [5, 6]) { $r }
function r3($a, *$r = 'd') { [$a, $r] }
function r4($a, $b = $a) { "${a}${b}" }
notify { 'rest':
  message => [r1(), r2(), r1(1, 2), r3(1), r3(1, undef), r3(1, 2, 3), r4('x'),
    with(1, undef) |$x, *$r = 7| { $r }, with() |*$r| { $r }],
}
