notify { 'good': message => lookup('good') }
