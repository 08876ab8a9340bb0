notify { 'h': message => lookup('h', Any, 'hash') }
