# integer literal larger than 64 bits
$x = 9223372036854775808
