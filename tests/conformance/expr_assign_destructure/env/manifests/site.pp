[$a, $b] = [1, 2]
[$c, [$d, $e]] = [3, [4, 5]]
[$f, $g] = {'f' => 'ef', 'g' => 'gee', 'h' => 'no'}
$x = $y = 7
notify { 'd': message => [$a, $b, $c, $d, $e, $f, $g, $x, $y] }
