notify { 'k': message => lookup('k') }
notify { 'arr': message => lookup('arr', Array, 'unique') }
notify { 'deep': message => lookup('deep') }
