notify { 'g': message => generate('/bin/sh', '-c', 'echo failed; exit 3') }
