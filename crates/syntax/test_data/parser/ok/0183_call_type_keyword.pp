# type( ) is a function call
$x = type(1)
