notify { 'int_keys': message => lookup('int_keys') }
notify { 'dig int key': message => lookup('int_keys.1', undef, undef, 'dig by int not found') }
