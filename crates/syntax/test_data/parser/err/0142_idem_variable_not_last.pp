# a variable before another statement: value lost
$x
notice(1)
