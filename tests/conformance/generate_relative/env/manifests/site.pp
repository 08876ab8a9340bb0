notify { 'g': message => generate('echo', 'hi') }
