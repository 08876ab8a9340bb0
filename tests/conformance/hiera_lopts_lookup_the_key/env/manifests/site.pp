notify { 'lo': message => lookup('lookup_options') }
