# if used as a value
$x = if $y { 1 } else { 2 }
