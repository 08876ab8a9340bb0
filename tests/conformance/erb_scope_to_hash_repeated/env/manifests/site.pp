# scope.to_hash gives a new Hash at every call: changing one leaves the next as it
# was; a variable bound by scope.setvar, or by a function the template calls, is in
# the next one.
$a = 'A'
class m {
  $b = 'B'
  notify { 'repeated': message => template('m/repeated.erb') }
}
include m
