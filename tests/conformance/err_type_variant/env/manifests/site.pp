class c (
  Variant[Integer, Boolean] $p,
) {}
class { 'c': p => 'x' }
