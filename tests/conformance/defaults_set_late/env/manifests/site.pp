# A default set after a resource in the same scope still applies to it.
file { '/early': }
File { owner => 'late' }
