notify { 'nested': message => lookup('nested') }
