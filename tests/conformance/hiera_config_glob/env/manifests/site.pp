# glob results are searched in sorted order
notify { 'key': message => lookup('key') }
notify { 'only_c': message => lookup('only_c') }
notify { 'arr': message => lookup('arr', Array, 'unique') }
notify { 'h': message => lookup('h', Hash, 'hash') }
