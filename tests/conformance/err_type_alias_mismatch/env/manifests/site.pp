type Port = Integer[1, 65535]
class svc (Port $port) {}
class { 'svc': port => 0 }
