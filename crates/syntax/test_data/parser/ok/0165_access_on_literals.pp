# access on array and hash literals
$y = [1, 2][0]
$z = { a => 1 }[a]
