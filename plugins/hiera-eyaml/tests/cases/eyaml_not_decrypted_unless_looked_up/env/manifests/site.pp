notify { 'wanted': message => lookup('wanted') }
