class c (Array[Struct[{name => String, port => Integer[1, 1024]}]] $p) {}
class { 'c': p => [{name => 'a', port => 80}, {name => 'b', port => 8080}] }
