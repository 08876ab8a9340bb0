notify { 'n': message => regsubst('hello', /(l)/, '<\k<x>>') }
