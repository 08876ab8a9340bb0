class c(Variant[Enum['a', 'b'], Integer] $x) {}
class { 'c': x => [1] }
