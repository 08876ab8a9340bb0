notify { 'n': message => fqdn_rand('x') }
