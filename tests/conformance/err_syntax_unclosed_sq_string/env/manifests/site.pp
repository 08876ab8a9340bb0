notify { 'a': message => 'unterminated }
