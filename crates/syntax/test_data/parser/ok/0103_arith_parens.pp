# parentheses override precedence
$x = (1 + 2) * (3 - 4)
