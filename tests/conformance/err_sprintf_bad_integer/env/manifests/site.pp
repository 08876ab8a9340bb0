notify { 'x': message => sprintf('%d', 'abc') }
