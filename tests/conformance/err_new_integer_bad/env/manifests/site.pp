notify { 'x': message => Integer('12abc') }
