$x = 18446744073709551616
notify { "x": message => $x }
