# an assignment is allowed as a hash value
$x = { 'a' => $y = 1 }
