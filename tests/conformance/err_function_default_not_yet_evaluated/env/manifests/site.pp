function m($a, $b = $c, $c = 2) { "${a}${b}" }
notify { 'n': message => m(1) }
