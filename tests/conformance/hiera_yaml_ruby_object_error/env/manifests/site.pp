notify { 'obj': message => lookup('obj') }
