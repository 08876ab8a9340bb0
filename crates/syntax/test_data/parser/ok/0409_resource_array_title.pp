# array of titles
file { ['/tmp/a', '/tmp/b']: ensure => file }
