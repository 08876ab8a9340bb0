notify { 'x': message => join('abc', ',') }
