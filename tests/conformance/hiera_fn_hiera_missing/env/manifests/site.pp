notify { 'x': message => hiera('no_such_key') }
