class profile::motd {
  concat { '/etc/motd':
    owner => 'root',
    group => 'root',
    mode  => '0644',
  }
  concat::fragment { 'motd header':
    target  => '/etc/motd',
    content => "${facts['networking']['fqdn']}: ${facts['os']['name']} ${facts['os']['release']['full']}, role ${::role}\n",
    order   => '01',
  }
  ['web', 'loadbalancer', 'database', 'cache', 'messaging'].each |$i, $service| {
    concat::fragment { "motd ${service}":
      target  => '/etc/motd',
      content => "  - ${service}\n",
      order   => String(10 + $i),
    }
  }
}
