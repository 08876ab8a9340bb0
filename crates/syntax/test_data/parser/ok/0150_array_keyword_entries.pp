# type and function keywords are allowed as array entries
$x = [type, function]
