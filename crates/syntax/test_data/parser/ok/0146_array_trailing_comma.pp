# array with trailing comma
$x = [1, 2,]
