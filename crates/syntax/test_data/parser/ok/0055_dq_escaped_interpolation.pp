# escaped dollar prevents interpolation
$x = "\${y} \$y"
