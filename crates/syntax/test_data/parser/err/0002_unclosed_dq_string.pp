# unterminated double-quoted string
$x = "unterminated
