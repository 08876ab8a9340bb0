# a newline does not end a statement: "1\n-1" is 1 - 1
$x = 1
-1
