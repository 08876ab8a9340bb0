# The value of include/require/contain: references to the classes.
class a { }
class b { }
$x = include(a, b)
$y = contain(a)
notify { 'values': message => "${x} ${y}" }
