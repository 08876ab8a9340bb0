# unterminated single-quoted string
$x = 'unterminated
