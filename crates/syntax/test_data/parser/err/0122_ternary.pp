# there is no ?: operator
$x = true ? 1 : 2
