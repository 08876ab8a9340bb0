# an access expression before another statement: value lost
$x[1]
notice(1)
