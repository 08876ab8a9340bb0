# Metaparameters on a resource-like class declaration stay on the Class resource;
# tags reach the resources in the class.
class pre { notify { 'pre': } }
class app ($x = 1) {
  notify { 'app': }
}
include pre
class { 'app':
  x       => 2,
  tag     => ['extra', 'team::ops'],
  require => Class['pre'],
  noop    => true,
}
