# destructuring into a literal
[$a, 1] = [1, 2]
