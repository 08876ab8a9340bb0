# ( first on a line is not a call: foo then (1) are separate statements
$x = foo
(1)
