notify { 'd': message => lookup('d') }
