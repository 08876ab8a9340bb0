# +> appends to an attribute's existing values.
class apache {
  package { 'httpd': }
  file { ['apache.pem', 'httpd.conf']: }
  service { 'apache':
    require => Package['httpd'],
  }
}
class apache::ssl inherits apache {
  Service['apache'] {
    require +> [File['apache.pem'], File['httpd.conf']],
  }
}
include apache::ssl
