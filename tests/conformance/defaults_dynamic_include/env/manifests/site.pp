# Resource defaults are dynamically scoped: they follow include chains.
class outer {
  File { owner => 'outer-owner' }
  include middle
}
class middle {
  File { mode => '0700' }
  include inner
  file { '/middle': }
}
class inner {
  file { '/inner': }
}
include outer
file { '/top': }
