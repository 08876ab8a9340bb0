# octal integers (leading zero)
$x = [0777, 00, 01]
