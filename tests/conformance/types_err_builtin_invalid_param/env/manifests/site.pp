# A built-in type has only its own attributes.
file { '/tmp/x': ensure => file, nosuch => 1 }
