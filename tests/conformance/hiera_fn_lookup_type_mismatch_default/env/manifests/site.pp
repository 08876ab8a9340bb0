notify { 'x': message => lookup('missing', Integer, 'first', 'not an int') }
