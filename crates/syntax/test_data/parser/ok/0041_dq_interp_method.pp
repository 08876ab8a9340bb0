# interpolation with method call ${x.upcase}
$x = "a ${y.upcase} b"
