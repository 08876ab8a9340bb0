# Declaring a derived class declares its base class first.
class base::unix {
  file { '/etc/passwd': owner => 'root', group => 'root', mode => '0644' }
}
class base::freebsd inherits base::unix {
  file { '/etc/rc.conf': ensure => file }
}
include base::freebsd
