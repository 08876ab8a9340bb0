notify { 'ports': message => lookup('ports', Array, 'unique') }
notify { 'who': message => lookup('who') }
