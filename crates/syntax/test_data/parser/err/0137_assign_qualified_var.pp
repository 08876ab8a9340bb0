# assignment to a variable in another namespace
$a::b = 1
