notify { 'n': message => getvar('1abc') }
