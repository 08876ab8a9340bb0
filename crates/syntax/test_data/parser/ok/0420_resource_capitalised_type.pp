# resource with title using a capitalised type name
File { '/tmp/x': ensure => file }
