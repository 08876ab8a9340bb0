notify { 'a': message => lookup('a::k', undef, undef, 'da') }
notify { 'b': message => lookup('b::k', undef, undef, 'db') }
notify { 'c': message => lookup('c::k', undef, undef, 'dc') }
notify { 'a2': message => lookup('a::k', undef, undef, 'da') }
notify { 'e': message => lookup('k', undef, undef, 'de') }
