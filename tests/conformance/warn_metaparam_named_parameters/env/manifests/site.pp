# A class or define with a parameter named like a metaparameter gets a warning when
# Puppet makes it: the main manifest's at load (nested definitions first, used or
# not), a module's when its file is first loaded.
class outer($tag = 1) {
  class inner($noop = false) {
    define dd($audit = undef) {}
  }
}
define unused($stage = 'main', $loglevel = 'info') {}
notice('evaluating')
m::pool { 'rbd': tag => 'rbd' }
include m
