# Puppet language function
function mymod::g($x) {
  $x + 1
}
