# parenthesized boolean expression
$x = ($a or $b) and $c
