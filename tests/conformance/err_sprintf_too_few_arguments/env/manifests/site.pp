notify { 'n': message => sprintf('%s and %s', 'one') }
