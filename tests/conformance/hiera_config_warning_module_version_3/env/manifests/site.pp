notify { 'b': message => lookup('b::k', undef, undef, 'db') }
notify { 'b2': message => lookup('b::k2', undef, undef, 'db') }
