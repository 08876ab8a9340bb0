notify { 'top before': message => lookup('k') }
include gold
include silver
notify { 'top after': message => lookup('k') }
