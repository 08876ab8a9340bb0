# shift operators
$x = 1 << 2 >> 3
