class c (
  Struct[{name => String}] $p,
) {}
class { 'c': p => {name => 'x', other => 1} }
