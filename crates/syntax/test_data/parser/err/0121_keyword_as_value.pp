# a keyword alone is not a value
$x = node
