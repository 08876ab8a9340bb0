# += is no longer supported
$x += 1
