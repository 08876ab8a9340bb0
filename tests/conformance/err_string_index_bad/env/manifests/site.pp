notify { 'x': message => 'hello'['a'] }
