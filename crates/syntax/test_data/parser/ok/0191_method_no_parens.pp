# method call without parentheses
$x = $y.length
