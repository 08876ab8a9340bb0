# unterminated /* comment
$x = 1 /* never closed
