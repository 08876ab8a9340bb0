notify { 'x': message => String([1, 2], '%d') }
