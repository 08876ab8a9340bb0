# 1.2.3 is not a number
$x = 1.2.3
