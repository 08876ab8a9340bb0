notify { 'arr': message => lookup('arr') }
notify { 'h': message => lookup('h') }
notify { 'arr-first': message => lookup('arr', Any, 'first') }
notify { 'hiera': message => hiera('arr') }
