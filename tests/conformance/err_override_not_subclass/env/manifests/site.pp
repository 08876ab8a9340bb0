# An unrelated class cannot change an attribute that is already set.
class base {
  file { '/etc/passwd': group => 'root' }
}
class other {
  File['/etc/passwd'] { group => 'wheel' }
}
include base
include other
