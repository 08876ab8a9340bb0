notify { 'x': message => lookup(['m1', 'm2']) }
