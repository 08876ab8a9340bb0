# selector
$x = $y ? { 1 => 'a', 2 => 'b' }
