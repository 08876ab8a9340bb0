notify { 'ts': message => lookup('ts') }
