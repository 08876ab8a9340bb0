# binary operator without right operand
$x = 1 +
