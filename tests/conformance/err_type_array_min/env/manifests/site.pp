class c (
  Array[String, 1] $p,
) {}
class { 'c': p => [] }
