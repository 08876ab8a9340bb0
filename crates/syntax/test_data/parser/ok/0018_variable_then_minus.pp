# a hyphen ends a variable name: $a-b is $a - b
$x = $a-b
