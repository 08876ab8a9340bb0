notify { 'x': message => lookup('') }
