notify { 'g': message => generate('/bin/../bin/echo') }
