# comment at end of file without a trailing newline
$x = 1 # no newline follows