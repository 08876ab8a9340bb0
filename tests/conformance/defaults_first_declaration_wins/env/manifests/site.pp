# A class gets the defaults of the scope that declared it first.
class a {
  File { owner => 'a' }
  include shared
}
class b {
  File { owner => 'b' }
  include shared
}
class shared {
  file { '/shared': }
}
include a
include b
