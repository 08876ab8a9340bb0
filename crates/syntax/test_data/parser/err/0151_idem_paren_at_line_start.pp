# ( first on a line is a new statement, not a call
$x = foo
(1)
notice($x)
