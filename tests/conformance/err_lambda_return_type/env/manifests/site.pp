# The value of a lambda that does not match its return type is an error of the
# call that ran it.
$names = ['web', 'db'].map |$n| >> Array[String] {
  [$n, 1]
}
