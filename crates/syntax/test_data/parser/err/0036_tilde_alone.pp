# ~ alone is not an operator
$x = 1 ~ 2
