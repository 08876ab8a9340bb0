$a = ['x', 'y', 'z']
$each_idx = []
$m1 = $a.map |$v| { "${v}!" }
$m2 = $a.map |$i, $v| { "${i}:${v}" }
$f = [1, 2, 3, 4, 5, 6].filter |$x| { $x % 2 == 0 }
$e = $a.each |$v| { $v }
$any = [1, 2, 3].any |$x| { $x > 2 }
$all = [1, 2, 3].all |$x| { $x > 2 }
$fi = ['a', 'b', 'c'].filter |$i, $v| { $i != 1 }
notify { 'iter': message => [$m1, $m2, $f, $e, $any, $all, $fi, [].map |$x| { $x }, [].any |$x| { true }, [].all |$x| { false }] }
$a.each |$index, $value| {
  notify { "each-${index}": message => $value }
}
