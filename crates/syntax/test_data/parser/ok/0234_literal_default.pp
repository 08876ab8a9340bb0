# default as a value
$x = default
notice(default)
