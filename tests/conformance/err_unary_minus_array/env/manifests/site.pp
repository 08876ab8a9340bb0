notify { 'n': message => -[1] }
