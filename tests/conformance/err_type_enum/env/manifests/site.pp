class c (
  Enum['on', 'off'] $p,
) {}
class { 'c': p => 'maybe' }
