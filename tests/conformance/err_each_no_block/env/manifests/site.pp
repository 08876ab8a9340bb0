$x = [1, 2].each
notify { 'x': message => $x }
