# splat * in call arguments and array literals
notice(*$y)
$x = [*$y, 1]
