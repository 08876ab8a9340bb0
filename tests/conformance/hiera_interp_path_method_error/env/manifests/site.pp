notify { 'a': message => lookup('a', undef, undef, 'dflt') }
