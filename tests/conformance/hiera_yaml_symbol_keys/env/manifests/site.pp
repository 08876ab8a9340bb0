notify { 'symkey': message => lookup('symkey') }
notify { 'nested': message => lookup('nested') }
