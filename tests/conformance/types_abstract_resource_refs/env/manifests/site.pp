file { '/x': }
notify { 'n': require => Resource['file', '/x'] }
notify { 'm': require => Resource[File, '/x'] }
notify { 'o': require => Resource['File']['/x'] }
$r = Resource['frobnicate', 'x']
notify { 'p': message => "${r}" }
