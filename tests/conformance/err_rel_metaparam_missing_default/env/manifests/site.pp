# The same check for a relationship set by a resource default: the default's line.
Notify { require => Notify['gone'] }
notify { 'a':
}
