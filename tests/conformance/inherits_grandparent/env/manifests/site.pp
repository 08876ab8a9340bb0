# Two levels of inheritance: overrides from the grandchild, variables through the chain.
class a {
  $va = 'A'
  file { '/x': owner => 'a' }
}
class b inherits a {
  $vb = "${va}B"
  File['/x'] { group => 'b' }
}
class c inherits b {
  File['/x'] { owner => 'c' }
  notify { 'chain': message => "${va} ${vb}" }
}
include c
