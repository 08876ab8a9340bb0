# splat as a value
$x = *$y
