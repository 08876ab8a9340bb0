# [ on a new line starts a new (array) statement
$a = 1
[$b, $c] = [2, 3]
