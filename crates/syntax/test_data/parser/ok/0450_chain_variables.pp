# variables in a chain
$x -> $y
