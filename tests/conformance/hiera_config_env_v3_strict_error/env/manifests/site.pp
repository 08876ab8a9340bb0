notify { 'k': message => lookup('k', undef, undef, 'default') }
