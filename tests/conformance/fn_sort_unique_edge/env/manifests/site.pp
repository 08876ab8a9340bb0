notify { 's': message => [sort([]), sort(['b', 'a', 'B']), unique([]), unique([[1], [1], [2]]), unique(['a', 'A']), sort([2, 1.5, 1]), [3, 1, 2].sort |$a, $b| { compare($b, $a) } ] }
