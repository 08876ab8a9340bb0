# Defaults apply when a resource is created: a class evaluated at include misses a
# default set after it, a defined type (evaluated at the end) does not.
define d() { file { "/d/${title}": } }
class c { file { '/c': } }
d { 'x': }
include c
file { '/before': }
File { owner => 'late' }
file { '/after': }
