class profile::firewall::pre {
  Firewall { require => undef }
  firewall { '000 accept all icmp':
    proto  => 'icmp',
    action => 'accept',
  }
  firewall { '001 accept all to lo interface':
    proto   => 'all',
    iniface => 'lo',
    action  => 'accept',
  }
  firewall { '002 reject local traffic not on loopback interface':
    iniface     => '! lo',
    proto       => 'all',
    destination => '127.0.0.1/8',
    action      => 'reject',
  }
  firewall { '003 accept related established rules':
    proto  => 'all',
    state  => ['RELATED', 'ESTABLISHED'],
    action => 'accept',
  }
}
class profile::firewall::post {
  firewall { '999 drop all':
    proto  => 'all',
    action => 'drop',
    before => undef,
  }
}
node default {
  resources { 'firewall': purge => true }
  Firewall {
    before  => Class['profile::firewall::post'],
    require => Class['profile::firewall::pre'],
  }
  class { ['profile::firewall::pre', 'profile::firewall::post']: }
  class { 'firewall': }
  firewall { '100 allow ssh':
    dport  => 22,
    proto  => 'tcp',
    source => '10.0.0.0/8',
    action => 'accept',
  }
  firewall { '110 allow http and https':
    dport  => [80, 443],
    proto  => 'tcp',
    action => 'accept',
  }
  firewall { '120 allow node exporter from monitoring':
    dport  => 9100,
    proto  => 'tcp',
    source => '10.0.30.10',
    action => 'accept',
  }
  firewall { '200 log dropped':
    jump       => 'LOG',
    log_prefix => 'iptables dropped: ',
    log_level  => '4',
    proto      => 'all',
    limit      => '5/min',
  }
  firewallchain { 'INPUT:filter:IPv4':
    ensure => present,
    policy => drop,
  }
}
