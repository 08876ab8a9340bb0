notify { 'c': message => 1 < 'a' }
