# The nearest scope's default wins.
File { owner => 'top', group => 'top' }
class inner {
  File { owner => 'inner' }
  file { '/inner': }
}
include inner
