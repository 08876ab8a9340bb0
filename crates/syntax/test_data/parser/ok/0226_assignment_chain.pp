# assignment is right associative
$a = $b = 1
