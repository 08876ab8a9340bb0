notify { 'x': message => Timespan('12', '%H:%M') }
