notify { 'secret': message => lookup('secret') }
