notify { 'env': message => "${environment} ${facts['environment']}" }
