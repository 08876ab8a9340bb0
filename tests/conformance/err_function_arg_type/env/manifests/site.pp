function f(Integer $x) { $x }
notify { 'x': message => f('one') }
