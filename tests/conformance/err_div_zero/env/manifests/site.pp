$x = 0
notify { 'd': message => 10 / $x }
