# Amending a resource by reference adds attributes that are not set yet.
file { '/etc/passwd':
  ensure => file,
}
File['/etc/passwd'] {
  owner => 'root',
  group => 'root',
  mode  => '0640',
}
