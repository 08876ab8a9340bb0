notify { 'x': message => Array(5.5) }
