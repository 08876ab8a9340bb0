notify { 'str': message => lookup('str') }
notify { 'num': message => lookup('num') }
notify { 'h': message => lookup('h') }
