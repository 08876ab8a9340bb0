# access on a call and on a method call
$y = foo(1)[0]
$z = $x.keys[0]
