# logical not and double not
$x = !$a and $b
$y = !!$c
