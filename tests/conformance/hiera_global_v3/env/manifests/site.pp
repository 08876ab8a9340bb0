notify { 'k1': message => lookup('k1') }
notify { 'k2': message => lookup('k2') }
notify { 'k3': message => lookup('k3') }
notify { 'k4': message => lookup('k4') }
notify { 'arr': message => lookup('arr', Array, 'unique') }
notify { 'hiera': message => hiera('k1') }
