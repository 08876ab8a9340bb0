# debug, info, warning, err without parens
debug 'a'
info 'b'
warning 'c'
err 'd'
