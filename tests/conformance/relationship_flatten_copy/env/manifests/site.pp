# How Puppet's copy of a resource flattens Arrays: relationship metaparameters always
# (undefs dropped), other parameters only when a reference is inside.
define holder($refs = undef, $plain = undef, $classes = undef) {}
class base {}
include base
package { ['a', 'b']: }
holder { 'x':
  refs    => [[Package['a']], 'text', [[Package['b']]]],
  plain   => [['p', ['q']], 1, []],
  classes => [[Class['base']], ['z']],
  before  => [undef, [Package['a']], [[Package['b'], undef]]],
  require => [],
}
notify { 'n':
  message   => [[Package['a']], ['m']],
  subscribe => [[Package['a']]],
}
