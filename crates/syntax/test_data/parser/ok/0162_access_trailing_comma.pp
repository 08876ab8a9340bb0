# access with trailing comma
$y = $x[1,]
