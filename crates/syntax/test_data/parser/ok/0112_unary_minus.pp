# unary minus on variables, access and itself
$x = -$y
$z = - - 1
$w = -$y[1]
