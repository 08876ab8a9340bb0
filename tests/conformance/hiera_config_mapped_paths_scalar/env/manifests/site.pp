notify { 'who': message => lookup('who') }
