# contain: the class is contained by the surrounding class (two containment edges).
class ntp {
  file { '/etc/ntp.conf':
    require => Package['ntp'],
    notify  => Class['ntp::service'],
  }
  contain ntp::service
  package { 'ntp': }
}
class ntp::service {
  service { 'ntp': ensure => running }
}
include ntp
