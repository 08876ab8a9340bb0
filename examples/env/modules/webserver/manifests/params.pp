# @summary Per-OS defaults for the webserver class (the classic params pattern).
class webserver::params {
  case $facts['os']['family'] {
    'Debian': {
      $package = 'nginx'
      $user    = 'www-data'
    }
    'RedHat': {
      $package = 'nginx'
      $user    = 'nginx'
    }
    default: {
      fail("webserver: unsupported OS family ${facts['os']['family']}")
    }
  }
  $service = 'nginx'
  $confdir = '/etc/nginx'
}
