# A resource-like declaration followed by include is fine (the class exists already).
class cfg ($v = 'default') {
  notify { "cfg ${v}": }
}
class { 'cfg': v => 'set' }
include cfg
include cfg
