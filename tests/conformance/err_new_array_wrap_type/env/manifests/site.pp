notice(Array(1, 'x'))
