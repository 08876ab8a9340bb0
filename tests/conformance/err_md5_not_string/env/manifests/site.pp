notify { 'n': message => md5(42) }
