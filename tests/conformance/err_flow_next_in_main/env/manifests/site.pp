notify { 'n': }
next(1)
