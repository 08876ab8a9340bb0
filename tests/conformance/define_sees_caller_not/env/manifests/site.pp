# A define's body sees top scope (and node scope), not the declaring class's variables.
$top_var = 'top'
class declarer {
  $local_var = 'local'
  seer { 'x': }
}
define seer () {
  notify { "seer": message => "${top_var} [${local_var}]" }
}
include declarer
