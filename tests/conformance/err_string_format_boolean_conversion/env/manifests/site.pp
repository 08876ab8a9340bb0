notify { 'x': message => String(true, '%k') }
