# and / or
$x = $a and $b or $c
