# hexadecimal integers (either case)
$x = [0xDEADbeef, 0X1f, 0x0]
