# class resource with parameters
class { 'apache':
  port => 80,
  ssl  => true,
}
