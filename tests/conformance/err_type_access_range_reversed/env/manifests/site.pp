notify { 'n': message => "${Integer[2, 1]}" }
