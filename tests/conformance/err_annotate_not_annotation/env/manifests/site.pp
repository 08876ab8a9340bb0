notify { 'n': message => annotate(Integer, [1]) }
