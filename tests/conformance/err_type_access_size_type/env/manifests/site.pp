notify { 'n': message => "${Array[Integer, 1, Integer]}" }
