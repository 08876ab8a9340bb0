notify { 'big': message => lookup('big') }
