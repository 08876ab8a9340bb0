# A derived class may override attributes of resources in its base class.
class base::unix {
  file { '/etc/passwd': owner => 'root', group => 'root', mode => '0644' }
  file { '/etc/shadow': owner => 'root', group => 'root', mode => '0440' }
}
class base::freebsd inherits base::unix {
  File['/etc/passwd'] {
    group => 'wheel',
  }
  File['/etc/shadow'] {
    group => 'wheel',
    mode  => '0400',
  }
}
include base::freebsd
