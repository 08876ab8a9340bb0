notify { 'x': message => lookup('h.nope') }
