notify { 'users': message => lookup('users') }
