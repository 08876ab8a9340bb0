$w = with(1, 2) |$a, $b| { $a + $b }
$t1 = 5.then |$x| { $x * 2 }
$t2 = undef.then |$x| { 'never' }
$l1 = undef.lest || { 'fallback' }
$l2 = 'present'.lest || { 'fallback' }
$h = {'a' => {'b' => 1}}
$chain = $h.dig('a', 'c').then |$x| { $x + 1 }.lest || { 'none' }
notify { 'wtl': message => [$w, $t1, $t2, $l1, $l2, $chain] }
