# no digit separators
$x = 1_000
