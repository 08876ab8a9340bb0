# assignment
$x = 1
