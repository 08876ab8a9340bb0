notify { 'x': message => no_such_function(1) }
