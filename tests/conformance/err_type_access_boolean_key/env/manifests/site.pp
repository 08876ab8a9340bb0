notify { 'n': message => "${Boolean['true']}" }
