class profile::cache {
  class { 'memcached':
    max_memory      => '20%',
    listen_ip       => '127.0.0.1',
    max_connections => 4096,
  }
}
