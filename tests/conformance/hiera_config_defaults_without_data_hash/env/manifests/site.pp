notify { 'k': message => lookup('k') }
notify { 'j': message => lookup('j') }
