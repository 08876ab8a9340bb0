notify { 'main': message => "dc=${datacenter}" }
