# include, contain and require with several classes: all of them join the catalog
# before the first is evaluated; the results, require metaparameters and containment.
class c1 { notify { 'c1': } }
class c2 { notify { 'c2': } }
class c3 { notify { 'c3': } }
class c4 { notify { 'c4': } }
class c5 { notify { 'c5': } }
class c6 { notify { 'c6': } }
class c7 { notify { 'c7': } }
class c8($p = 'd') { notify { "c8 ${p}": } }
class outer {
  contain c1, [c2, 'c3']
  contain Class['c4']
  require c5, Class[c6]
  include ::m, m::a::b
  $r = include(c7)
  notify { "r=${r} ${type($r)}": }
  notify { 'outer-n': }
}
define d1() {
  require c8
  contain m::x
  notify { "in d1 ${title}": }
}
include outer
d1 { 'one': }
$x = [c1, c2].include
notify { "x=${x}": }
$y = require(c1)
notify { "y=${y}": }
