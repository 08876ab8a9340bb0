notify { 'greeting': message => lookup('greeting') }
