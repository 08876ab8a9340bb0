notify { 'n': message => sprintf('%s %1$s', 'a') }
