# interpolation of ${$var}
$x = "a ${$y} b"
