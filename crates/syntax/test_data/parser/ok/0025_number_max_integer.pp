# largest 64-bit integer literal is accepted
$x = 9223372036854775807
