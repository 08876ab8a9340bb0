# A class included from node scope sees node variables; included earlier from top
# scope, it does not.
$v = 'top'
class early { notify { 'early': message => $v } }
class late { notify { 'late': message => $v } }
include early
node default {
  $v = 'node'
  include early
  include late
}
