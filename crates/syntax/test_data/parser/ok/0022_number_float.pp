# floating point numbers
$x = [3.14, 0.5, 10.0]
