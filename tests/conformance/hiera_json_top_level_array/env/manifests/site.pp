notify { 'a': message => lookup('a', undef, undef, 'not found') }
