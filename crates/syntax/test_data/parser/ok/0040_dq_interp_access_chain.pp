# interpolation with chained access ${x[0][1]}
$x = "a ${y[0][1]} b"
