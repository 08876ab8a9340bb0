notify { 'g': message => generate('/bin/false') }
