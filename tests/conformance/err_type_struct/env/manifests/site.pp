class c (
  Struct[{name => String, size => Integer}] $p,
) {}
class { 'c': p => {name => 'x', size => 'big'} }
