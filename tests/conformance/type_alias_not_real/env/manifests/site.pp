# Aliases that only name each other are not types.
type C = D
type D = C
notify { 'c': message => String(C) }
