notify { 'bad': message => lookup('bad') }
