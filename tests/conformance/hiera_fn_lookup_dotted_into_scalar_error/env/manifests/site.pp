notify { 'x': message => lookup('str.first') }
