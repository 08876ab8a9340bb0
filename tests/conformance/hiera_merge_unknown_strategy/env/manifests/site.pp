notify { 'k': message => lookup('k', Any, 'deeper') }
