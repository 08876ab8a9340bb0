# Walking an Iterator with `next` (each, map, filter) takes its elements off; Array(),
# splat, reduce, any and all walk it from the start. Range and step iterators lose
# their elements to every walk.
$it = [1, 2, 3].reverse_each
$mapped = $it.map |$x| { $x * 2 }
notify { 'plain': message => [$mapped, Array($it), [*$it], $it.reduce |$a, $b| { $a + $b }, $it.filter |$x| { $x > 1 }, $it.map |$x| { $x }] }
$t = [1, 2, 3].reverse_each
$t.each |$x| { notify { "a${x}": } if $x == 2 { break() } }
$after_break = Array($t)
$t.each |$x| { notify { "b${x}": } }
notify { 'break': message => $after_break }
$p = [1, 2, 3].reverse_each
notify { 'index': message => [$p.any |$i, $x| { $x == 2 }, $p.map |$i, $x| { $x }, $p.map |$x| { $x }] }
$q = [1, 2, 3].reverse_each
notify { 'slice': message => [$q.slice(2), $q.slice(2)] }
$range = Integer[1, 5].reverse_each
notify { 'range': message => [Array($range), Array($range), Integer[1, 5].reverse_each.reduce |$a, $b| { $a + $b }] }
$s = [1, 2, 3, 4, 5].step(2)
notify { 'step': message => [$s.all |$x| { $x < 4 }, Array($s), [1, 2, 3, 4].step(2).reduce |$a, $b| { $a + $b }, [1, 2, 3, 4].step(2).any |$x| { $x == 2 }] }
$u = Integer[1, 6].reverse_each
notify { 'any': message => [$u.any |$x| { $x == 5 }, Array($u)] }
