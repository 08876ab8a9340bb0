# a data file that is not a hash only draws a warning; it holds no keys
notify { 'a': message => lookup('a', undef, undef, 'not found') }
