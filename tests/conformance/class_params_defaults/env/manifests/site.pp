# Class parameters: a default, a value given resource-like, and one used in a resource.
class apache ($version = 'latest', $port = 80, $docroot) {
  package { 'httpd':
    ensure => $version,
    before => File['/etc/httpd.conf'],
  }
  file { '/etc/httpd.conf':
    ensure  => file,
    owner   => 'httpd',
    content => "port ${port} root ${docroot}",
  }
  service { 'httpd':
    ensure    => running,
    enable    => true,
    subscribe => File['/etc/httpd.conf'],
  }
}
class { 'apache':
  port    => 8080,
  docroot => '/srv/www',
}
