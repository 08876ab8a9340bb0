$x = 'mystery'
$y = $x ? { 'a' => 1, 'b' => 2 }
notify { 'x': message => $y }
