function f(Integer $x, String $y) { $x }
notify { 'x': message => f(1) }
