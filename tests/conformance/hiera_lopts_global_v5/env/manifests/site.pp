notify { 'arr': message => lookup('arr') }
