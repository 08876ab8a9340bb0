# exponent sign + is not allowed
$x = 1e+5
