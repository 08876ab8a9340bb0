# assignment to an element
$x[1] = 2
