# key => value entries inside an array form an unfolded hash
$x = [a => 1, b => 2, 3]
