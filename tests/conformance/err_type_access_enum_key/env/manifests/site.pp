notify { 'n': message => "${Enum['a', 1]}" }
