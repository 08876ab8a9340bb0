notify { 'main': message => "env=${environment}" }
