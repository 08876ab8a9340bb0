# every segment of a qualified variable must start lower case
$x = $foo::Bar
