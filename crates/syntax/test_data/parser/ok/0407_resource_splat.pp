# * => $hash
file { '/tmp/a': * => $attrs }
