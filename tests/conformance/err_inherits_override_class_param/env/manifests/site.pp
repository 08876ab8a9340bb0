# The base class declared a class resource-like; the derived class overrides the
# parameters of that Class resource (the known bug: the inner class has already
# been evaluated with the old value).
class inner ($value = 'default') {
  notify { "inner ${value}": }
}
class base {
  class { 'inner': value => 'from-base' }
}
class derived inherits base {
  Class['inner'] { value => 'from-derived' }
}
include derived
