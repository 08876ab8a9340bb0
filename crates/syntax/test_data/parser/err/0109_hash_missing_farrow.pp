# hash entry without =>
$x = { a 1 }
