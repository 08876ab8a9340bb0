notify { 'r': message => Class }
