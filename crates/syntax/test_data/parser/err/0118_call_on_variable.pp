# a variable cannot be called
$x = $y (2)
