class app { notice($x) }
$x = 1
