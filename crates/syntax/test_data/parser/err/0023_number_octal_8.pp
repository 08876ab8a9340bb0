# invalid octal digit
$x = 08
