# Integer[1,2]
$t = Integer[1, 2]
