notify { 'g': message => generate('/bin/e cho') }
