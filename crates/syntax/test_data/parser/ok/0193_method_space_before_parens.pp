# space between method name and ( still passes arguments
$x = $y.foo (1)
