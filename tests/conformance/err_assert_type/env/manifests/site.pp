$x = assert_type(Integer[0, 10], 42)
notify { 'x': message => $x }
