notify { 'first': message => lookup('first_doc', undef, undef, 'not found') }
notify { 'second': message => lookup('second_doc', undef, undef, 'not found') }
