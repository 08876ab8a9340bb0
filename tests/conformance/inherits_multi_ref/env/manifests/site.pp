# A multi-resource reference in an override.
class base {
  file { ['/a', '/b', '/c']: owner => 'root' }
}
class derived inherits base {
  File['/a', '/b'] { owner => 'admin', mode => '0600' }
}
include derived
