# array entries without comma
$x = [1 2]
