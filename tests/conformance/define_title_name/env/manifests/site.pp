# $title and $name in a defined type; passing name changes $name only.
define thing ($extra = "x-${title}") {
  notify { "t=${title} n=${name} e=${extra}": }
}
thing { 'first': }
thing { 'second': name => 'custom' }
