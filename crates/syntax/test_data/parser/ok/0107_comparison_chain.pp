# comparison operators are left associative: 1 < 2 < 3
$x = 1 < 2 < 3
$y = 1 == 2 == false
