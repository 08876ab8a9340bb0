notify { 'n': message => 1 + ['a'] }
