# trailing ; after the last body
file { '/tmp/a': ensure => file; }
