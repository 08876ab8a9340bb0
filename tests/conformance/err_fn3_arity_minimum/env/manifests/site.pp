# A 3.x function with a minimum count (sprintf: at least the format).
notify { "x": message => sprintf() }
