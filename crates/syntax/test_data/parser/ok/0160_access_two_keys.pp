# access with two keys (slice)
$y = $x[1, 2]
