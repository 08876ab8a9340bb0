define typed (Integer $port) { }
typed { 'x': port => 'eighty' }
