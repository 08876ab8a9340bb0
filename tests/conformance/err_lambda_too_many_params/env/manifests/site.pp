$r = [1, 2].each |$a, $b, $c| { $a }
notify { 'x': message => $r }
