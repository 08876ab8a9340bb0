# An uncaught FrozenError fails the template, as Ruby words it.
class m {
  $text = template('m/bump.erb')
}
include m
