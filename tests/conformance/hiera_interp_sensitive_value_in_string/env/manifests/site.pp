notify { 'uses': message => lookup('uses') }
