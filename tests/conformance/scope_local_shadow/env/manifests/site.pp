# Class variables shadow top scope; $::x reaches the top value.
$x = 'top'
class shadow {
  $x = 'class'
  notify { 'shadow': message => "${x} ${::x}" }
}
include shadow
