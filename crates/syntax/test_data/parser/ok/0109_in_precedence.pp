# in binds tighter than ==
$x = $a in $b == true
