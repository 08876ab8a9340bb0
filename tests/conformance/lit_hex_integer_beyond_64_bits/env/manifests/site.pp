notify { "x": message => [1, -0xffffffffffffffffff] }
