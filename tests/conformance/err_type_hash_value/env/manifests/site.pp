class c (
  Hash[String, Integer] $p,
) {}
class { 'c': p => {'a' => 'x'} }
