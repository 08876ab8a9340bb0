# Relationships between classes.
class first { notify { 'in first': } }
class second { notify { 'in second': } }
include first, second
Class['first'] -> Class['second']
notify { 'after both': require => [Class['first'], Class['second']] }
