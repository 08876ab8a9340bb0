# tag() tags the class; its resources get the class's tags when the catalog is
# finished, so resources declared before the call have them too, and a collector
# querying the tag finds them through their class.
class c {
  notify { 'early': }
  tag 'late'
  notify { 'after': }
}
include c
Notify <| tag == 'late' |> { message => 'got it' }
