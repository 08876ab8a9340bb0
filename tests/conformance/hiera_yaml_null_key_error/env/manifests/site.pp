notify { 'null_key': message => lookup('null_key') }
