notify { 'h': message => lookup('h', Hash, 'deep') }
notify { 'arr': message => lookup('arr', Any, 'deep') }
