# and binds tighter than or
$x = $a or $b and $c
