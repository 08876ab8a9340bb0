notify { 'h': message => lookup('h', Hash, 'hash') }
