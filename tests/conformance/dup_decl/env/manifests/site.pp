file { '/x': }
file { '/x': }
