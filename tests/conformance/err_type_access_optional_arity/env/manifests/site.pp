notify { 'n': message => "${Optional[String, Integer]}" }
