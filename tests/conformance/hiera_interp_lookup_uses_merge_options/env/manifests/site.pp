notify { 'copy': message => lookup('copy') }
