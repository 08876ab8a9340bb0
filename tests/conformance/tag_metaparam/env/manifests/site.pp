# The tag metaparameter; titles become tags when they are valid tags.
notify { 'Hello': tag => 'Ops' }
notify { 'Hello World': tag => ['a', 'b::c'] }
file { '/etc/motd': tag => 'motd' }
notify { 'with.dot:colon-dash_underscore': }
