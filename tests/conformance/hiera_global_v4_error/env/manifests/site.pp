notify { 'k': message => lookup('k', undef, undef, 'dflt') }
