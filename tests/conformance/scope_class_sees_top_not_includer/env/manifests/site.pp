# A class sees top scope (and node scope), not the class that included it.
$shared = 'top'
class includer {
  $shared = 'includer'
  $private = 'secret'
  include included
}
class included {
  notify { 'included': message => "${shared} [${private}]" }
}
include includer
