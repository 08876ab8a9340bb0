# top scope variable $::x
$x = $::y
