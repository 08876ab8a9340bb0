# single-quoted string spanning lines
$x = 'line one
line two'
