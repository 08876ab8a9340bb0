# access with one key
$y = $x[1]
