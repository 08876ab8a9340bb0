notify { 'main': message => "${datacenter} ${facts['datacenter']} ${$tier + 1}" }
