# destructuring assignment
[$a, $b] = [1, 2]
