# a class definition does not produce a value
$x = class a { }
