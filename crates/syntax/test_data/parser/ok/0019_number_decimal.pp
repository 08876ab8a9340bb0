# decimal integers
$x = [0, 7, 42, 1234567890]
