# defined types do not get automatic parameter lookup
define thing ($color = 'define default') {
  notify { $title: message => $color }
}
thing { 'one': }
