class c (
  Integer[1, 65535] $p,
) {}
class { 'c': p => 70000 }
