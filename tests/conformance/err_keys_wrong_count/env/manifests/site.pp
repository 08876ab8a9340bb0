notify { 'x': message => keys({}, 1) }
