package { 'a': alias => 'x' }
notify { 'n': require => Package['x'] }
file { '/etc/a.conf': alias => 'aconf' }
notify { 'm': subscribe => File['aconf'] }
