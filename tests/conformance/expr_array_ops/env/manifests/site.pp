$a = [1, 2]
notify { 'plus': message => [$a + [3], $a + 3, $a + [[3]], [] + [], [1] + {a => 1}] }
notify { 'minus': message => [[1, 2, 2, 3] - [2], [1, 2] - 2, ['a', 'B'] - ['A'], [1, [2]] - [[2]]] }
notify { 'append': message => [$a << 3, $a << [3], [] << undef] }
notify { 'splat': message => [0, *$a, 4] }
notify { 'orig': message => $a }
