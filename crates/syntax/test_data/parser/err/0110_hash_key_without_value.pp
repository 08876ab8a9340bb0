# hash entry without value
$x = { a => 1, b }
