# type and function keywords are allowed as hash keys
$x = { type => 1, function => 2 }
