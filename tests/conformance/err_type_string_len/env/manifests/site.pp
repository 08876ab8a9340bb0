class c (
  String[3] $p,
) {}
class { 'c': p => 'ab' }
