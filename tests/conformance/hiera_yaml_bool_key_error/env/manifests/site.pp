notify { 'bool_key': message => lookup('bool_key') }
