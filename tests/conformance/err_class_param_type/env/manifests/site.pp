class typed (Integer $port = 80) {
  notify { "port ${port}": }
}
class { 'typed': port => 'eighty' }
