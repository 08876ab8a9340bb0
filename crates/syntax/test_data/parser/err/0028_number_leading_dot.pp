# a float must start with a digit
$x = .5
