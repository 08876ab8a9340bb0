notify { 'g': message => generate('/bin/marionette-no-such-program') }
