notify { 'n': message => "${String[1, 2, 3]}" }
