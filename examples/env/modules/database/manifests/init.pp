# @summary A PostgreSQL server.
class database (
  String                     $listen_address = 'localhost',
  Enum['running', 'stopped'] $ensure         = 'running',
) {
  package { 'postgresql':
    ensure => installed,
    before => Service['postgresql'],
  }

  file { '/etc/postgresql/15/main/conf.d/listen.conf':
    ensure  => file,
    content => "listen_addresses = '${listen_address}'\n",
    require => Package['postgresql'],
  }

  service { 'postgresql':
    ensure    => $ensure,
    enable    => true,
    subscribe => File['/etc/postgresql/15/main/conf.d/listen.conf'],
  }
}
