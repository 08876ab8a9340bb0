notify { 'x': message => lookup('nul', String) }
