# numeric variable followed by letters
$x = $1a
