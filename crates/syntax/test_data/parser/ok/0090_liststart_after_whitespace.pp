# [ after whitespace starts an array: $x [0] is two statements
$y = $x [0]
