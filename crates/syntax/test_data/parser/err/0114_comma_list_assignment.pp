# a comma separated list is not a value
$x = 1, 2
