# Resource defaults are checked like other attributes.
File { colour => 'blue' }
file { '/tmp/x': }
