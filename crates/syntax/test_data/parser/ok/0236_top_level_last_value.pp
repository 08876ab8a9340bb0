# a value-producing expression may be the last top-level statement
$x = 1
$x
