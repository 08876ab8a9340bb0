$a = 3.map |$i| { $i * 10 }
$b = 'abc'.map |$c| { "<${c}>" }
$c = Integer[2, 4].map |$i| { $i }
$d = 'hey'.each |$i, $c| { }
$e = 4.filter |$x| { $x > 1 }
$f = 'hello'.filter |$c| { $c != 'l' }
$g = 0.map |$x| { $x }
notify { 'ints': message => [$a, $b, $c, $d, $e, $f, $g, 3.reverse_each.map |$x| { $x }] }
