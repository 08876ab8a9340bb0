# tag without parens
tag 'a', 'b'
