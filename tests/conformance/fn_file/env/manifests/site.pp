notify { 'f': message => [file('mymod/hello.txt'), file('mymod/missing.txt', 'mymod/hello.txt')] }
