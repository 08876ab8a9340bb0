notify { 'n': message => "${File['a', 1]}" }
