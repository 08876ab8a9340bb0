# Qualified variables $a::b::c::value from another class's scope.
include a::b::c
$top = 'top value'
class reader {
  notify { 'reader':
    message => "${a::b::c::value} ${::a::b::c::value} ${a::b::c::list} ${::top}",
  }
}
include reader
