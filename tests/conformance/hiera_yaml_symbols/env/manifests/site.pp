notify { 'sym': message => lookup('sym') }
notify { 'sym type': message => String(type(lookup('sym'))) }
notify { 'in_list': message => lookup('in_list') }
notify { 'symkey': message => lookup(':symkey', undef, undef, 'symbol key not found') }
notify { 'quoted_sym': message => lookup('quoted_sym') }
