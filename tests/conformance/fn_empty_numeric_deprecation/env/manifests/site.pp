$a = empty(0)
$b = empty(1.5)
[1,2].each |$x| { $c = empty($x) }
class foo { $d = empty(3) }
include foo
notify { "x${a}${b}": }
