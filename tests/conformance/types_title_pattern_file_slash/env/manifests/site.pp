file { '/tmp/x/': ensure => directory }
file { '/': ensure => directory }
file { '/tmp/y//': }
notify { 'n': require => File['/tmp/x'] }
notify { 'm': before => File['/tmp/y'] }
