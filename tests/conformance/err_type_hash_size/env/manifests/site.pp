class c (Hash[String, Integer, 2] $p) {}
class { 'c': p => {'a' => 1} }
