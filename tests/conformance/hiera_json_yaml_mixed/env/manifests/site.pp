notify { 'h': message => lookup('h', Hash, 'deep') }
notify { 'arr': message => lookup('arr', Array, 'unique') }
notify { 'interp': message => lookup('interp') }
notify { 'big': message => lookup('big') }
notify { 'esc': message => lookup('esc') }
