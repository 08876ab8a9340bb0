# missing ]
$x = [1, 2
