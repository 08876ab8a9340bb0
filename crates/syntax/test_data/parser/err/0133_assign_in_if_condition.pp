# assignment is not allowed in an if condition
if $x = 1 { }
