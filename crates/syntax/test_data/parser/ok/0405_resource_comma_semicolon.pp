# body ending in ,; and an empty body
file { '/tmp/a': ensure => file,; '/tmp/b': ; }
