# Site manifest of the example environment.

# Top-scope resource default: applies to every exec evaluated below, in any class.
Exec {
  path => ['/usr/local/bin', '/usr/bin', '/bin', '/usr/sbin', '/sbin'],
}

node 'web01.example.com' {
  include base
  include webserver

  # Class-to-class ordering.
  Class['base'] -> Class['webserver']
}

# Database servers: db01.example.com, db02.example.com, ...
node /^db(\d+)\.example\.com$/ {
  include base

  class { 'database':
    listen_address => $facts['networking']['ip'],
  }

  database::role { 'app': }
  -> database::db { ['app', "reporting${1}"]:
    owner => 'app',
  }
}

node default {
  include base

  notify { 'unclassified':
    message => "${trusted['certname']} has no node definition of its own",
  }
}
