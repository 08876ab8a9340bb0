notify { 'k': message => lookup('k') }
notify { 'whole': message => lookup('whole') }
