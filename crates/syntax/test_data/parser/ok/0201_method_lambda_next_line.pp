# lambda may start on the next line
$x = $y.map
|$v| { $v }
