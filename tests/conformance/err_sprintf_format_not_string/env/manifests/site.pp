notify { 'n': message => sprintf(['%s'], 'a') }
