notify { 'server': message => "${servername} ${server_facts['servername']} ${serverip}" }
