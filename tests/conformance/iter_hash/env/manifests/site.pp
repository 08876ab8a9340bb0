$h = {'a' => 1, 'b' => 2, 'c' => 3}
$m1 = $h.map |$k, $v| { "${k}=${v}" }
$m2 = $h.map |$pair| { $pair }
$f1 = $h.filter |$k, $v| { $v >= 2 }
$f2 = $h.filter |$pair| { $pair[0] == 'a' }
$any = $h.any |$k, $v| { $v == 3 }
$all = $h.all |$pair| { $pair[1] > 0 }
$r = $h.reduce(0) |$memo, $pair| { $memo + $pair[1] }
notify { 'hash': message => [$m1, $m2, $f1, $f2, $any, $all, $r] }
$h.each |$k, $v| { notify { "each-${k}": message => $v } }
$h.each |$pair| { notify { "pair-${pair[0]}": message => $pair } }
