class mymodule inherits mymodule::params {
  file { default: * => $mymodule::params::file_defaults;
    '/etc/myconfig':
      ensure => file;
    '/etc/myother':
      mode => '0600';
  }
}
