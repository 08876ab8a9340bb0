$x = assert_type(Enum['a', 'b'], 'c')
notify { 'x': message => $x }
