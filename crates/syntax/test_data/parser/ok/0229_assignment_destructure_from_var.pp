# destructuring from a variable
$v = [1, 2]
[$a, $b] = $v
