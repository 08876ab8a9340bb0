# Defaults reach resources inside defined types declared in their scope.
define mydef () {
  file { "/def/${title}": }
}
class wrapper {
  File { group => 'wheel' }
  mydef { 'one': }
}
include wrapper
mydef { 'two': }
