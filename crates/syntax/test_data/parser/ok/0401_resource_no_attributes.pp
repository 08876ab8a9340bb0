# resource without attributes
file { '/tmp/a': }
