notify { 'n': message => md5('a', 'b') }
