notice(Integer('1', 'x'))
