schedule { 'nightly': range => '2 - 4' }
notify { 'first': }
file { '/tmp/m':
  alias => 'm', audit => 'all', before => Notify['first'], loglevel => 'info', noop => true,
  require => [], schedule => 'nightly', subscribe => [], tag => ['a', 'b'], notify => [],
}
mytype { 'm': noop => false, loglevel => 'debug', tag => 'x' }
define d() {}
d { 'x': noop => true, alias => 'dx' }
