# The environment's own functions/ and types/: global names and the environment::
# namespace, seen from the main manifest and from modules.
include m
notify { "top: ${h('xyz')} ${'abc' =~ Lower} ${'ABC' =~ LOWER} ${5 =~ Environment::Small}": }
