notify { 'd': message => [md5('hello'), sha1('hello'), sha256('hello'), md5(''), fqdn_rand(100), fqdn_rand(100, 'seed'), fqdn_rand(1000000, 'x'), fqdn_rand(10)] }
