notify { 'x': message => Integer[1, 5]('10') }
