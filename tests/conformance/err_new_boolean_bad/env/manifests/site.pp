notify { 'x': message => Boolean('maybe') }
