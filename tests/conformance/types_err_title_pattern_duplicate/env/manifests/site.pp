# file's title pattern drops trailing slashes: both are File['/tmp/x'].
file { '/tmp/x/': }
file { '/tmp/x': }
