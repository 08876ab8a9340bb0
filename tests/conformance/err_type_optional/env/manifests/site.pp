class c (
  Optional[String] $p,
) {}
class { 'c': p => 5 }
