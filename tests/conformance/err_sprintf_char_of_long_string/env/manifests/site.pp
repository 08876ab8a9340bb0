notify { 'n': message => sprintf('%c', 'hello') }
