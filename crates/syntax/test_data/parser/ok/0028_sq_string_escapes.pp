# single-quoted string: only \' and \\ are escapes, others are literal
$x = 'it\'s a \\ backslash, \n is not a newline, \q stays'
