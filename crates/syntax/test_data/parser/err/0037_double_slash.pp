# 1 // 2 is not valid
$x = 1 // 2
