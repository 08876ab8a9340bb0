# assignment in parentheses
$y = ($x = 1)
