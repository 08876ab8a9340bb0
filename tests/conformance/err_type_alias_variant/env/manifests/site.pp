type Mode = Variant[Enum['on', 'off'], Boolean]
class c (Mode $m) {}
class { 'c': m => 'maybe' }
