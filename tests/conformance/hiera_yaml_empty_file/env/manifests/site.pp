notify { 'k': message => lookup('k') }
