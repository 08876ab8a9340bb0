# method call with arguments
$x = $y.foo(1, 2)
