class c (
  Tuple[String, Integer] $p,
) {}
class { 'c': p => ['a', 'b'] }
