notify { 'a': message => lookup('a') }
notify { 'b': message => lookup('b') }
notify { 'list-unique': message => lookup('list', Array, 'unique') }
notify { 'list-first': message => lookup('list') }
