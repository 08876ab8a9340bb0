# a lone $ is not a variable
$x = $
