# lookup_options themselves are deep-merged across the hierarchy (higher level wins)
notify { 'a': message => lookup('a') }
notify { 'b': message => lookup('b') }
notify { 'lookup_options': message => lookup('lookup_options', undef, undef, 'not available') }
