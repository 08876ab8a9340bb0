class c (
  Float $p,
) {}
class { 'c': p => 3 }
