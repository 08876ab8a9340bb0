$a = [1, 2].map |Integer $x, $y = 'd'| { "${x}${y}" }
$b = with(1) |$x, $y = 5, *$rest| { [$x, $y, $rest] }
$c = with(1, 2, 3, 4) |$x, *$rest| { $rest }
$d = [[1, 2], [3, 4]].map |$pair| { $pair[0] + $pair[1] }
$e = {'k' => 'v'}.map |String $k, String $v| { "${k}${v}" }
$f = with() || { 'no-args' }
$outer = 'captured'
$g = [1].map |$x| { "${outer}-${x}" }
notify { 'lp': message => [$a, $b, $c, $d, $e, $f, $g] }
