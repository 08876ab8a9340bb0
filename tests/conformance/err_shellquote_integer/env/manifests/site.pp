notify { 'n': message => shellquote(['a b', 1]) }
