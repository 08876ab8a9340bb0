notify { 'ints': message => lookup('ints') }
notify { 'num': message => lookup('num') }
notify { 'hexnum': message => lookup('hexnum') }
