# plain variable
$x = $y
