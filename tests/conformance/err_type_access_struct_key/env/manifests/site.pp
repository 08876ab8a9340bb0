notify { 'n': message => "${Struct[{1 => Integer}]}" }
