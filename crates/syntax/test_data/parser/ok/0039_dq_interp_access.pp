# interpolation with access ${x[1]}
$x = "a ${y[1]} b"
