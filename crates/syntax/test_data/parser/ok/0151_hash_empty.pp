# empty hash
$x = {}
$y = { }
