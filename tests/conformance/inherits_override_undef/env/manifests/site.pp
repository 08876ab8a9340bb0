# Overriding with undef removes the attribute.
class base::unix {
  file { '/etc/passwd': owner => 'root', group => 'root', mode => '0644' }
}
class base::freebsd inherits base::unix {
  File['/etc/passwd'] {
    group => undef,
  }
}
include base::freebsd
