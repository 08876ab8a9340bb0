notify { 'x': message => stdlib::start_with(1, 'a') }
