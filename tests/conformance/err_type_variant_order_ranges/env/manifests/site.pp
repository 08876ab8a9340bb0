class c(Variant[Integer[1, 2], String[1], Integer[5, 6]] $x) {}
class { 'c': x => 3 }
