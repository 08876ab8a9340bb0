notify { 'env': message => "${environment} ${server_facts['environment']}" }
