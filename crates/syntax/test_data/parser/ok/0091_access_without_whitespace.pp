# [ directly after an expression is access
$y = $x[0]
