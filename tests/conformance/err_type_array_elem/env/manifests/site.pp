class c (
  Array[String] $p,
) {}
class { 'c': p => ['a', 2, 'c'] }
