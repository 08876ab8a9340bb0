# access with negative index
$y = $x[-1]
