notify { 'n': message => compare([1], [2]) }
