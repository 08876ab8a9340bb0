# $facts is bound in top scope only; a class assigning it is refused by the scope,
# which Puppet reports as an error of the '=' expression.
class app {
  $facts = { 'os' => 'none' }
}
include app
