# A collector with an attribute block realizes and overrides, even set values.
class base::linux {
  file { '/etc/passwd': ensure => file, owner => 'nobody' }
}
include base::linux
@user { 'ops1': tag => 'ops', shell => '/bin/sh' }
File <| tag == 'base::linux' |> {
  owner => 'root',
  group => 'root',
  mode  => '0640',
}
User <| tag == 'ops' |> { shell => '/bin/bash', groups +> ['ops'] }
