# a relationship statement is not value-only
$x -> $y
notice(1)
