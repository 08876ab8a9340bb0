notify { 'dotted': message => lookup('a.b') }
notify { 'quoted': message => lookup('"a.b"') }
