notify { 'num': message => lookup('num') }
