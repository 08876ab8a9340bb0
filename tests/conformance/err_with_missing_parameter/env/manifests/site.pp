notify { 'n': message => with(1) |$a, $b| { $a } }
