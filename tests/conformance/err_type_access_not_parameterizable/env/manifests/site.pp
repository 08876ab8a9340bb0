notify { 'n': message => "${Scalar[1]}" }
