notify { 'g': message => generate() }
