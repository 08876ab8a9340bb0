# division after )
$y = (4) / 2 / 1
