$x = 9223372036854775807
notify { 'o': message => $x + 1 }
