notify { 'k': message => lookup('k') }
notify { 'only_yaml': message => lookup('only_yaml') }
notify { 'arr': message => lookup('arr', Array, 'unique') }
