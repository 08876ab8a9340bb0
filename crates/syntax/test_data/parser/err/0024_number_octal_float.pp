# a float cannot start with 0 followed by digits
$x = 09.5
