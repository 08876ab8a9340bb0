notify { 'x': message => lookup('str', Integer) }
