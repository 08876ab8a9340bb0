# variable names must start lower case
$x = $Foo
