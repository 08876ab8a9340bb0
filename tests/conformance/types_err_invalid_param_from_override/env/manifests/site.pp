file { '/tmp/x': }
File['/tmp/x'] { nosuch => 1 }
