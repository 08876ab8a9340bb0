# negative numbers are unary minus applied to a literal
$x = [-1, -0x1F, -1.5e3, - 2]
