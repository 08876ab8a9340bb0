notice(Integer('1', 10, true, 5))
