class c($q = 7) {}
include c
notify { 'c': message => Class[c][nope] }
