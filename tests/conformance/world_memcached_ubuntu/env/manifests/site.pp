node default {
  class { 'memcached':
    max_memory => '25%',
    listen_ip  => '127.0.0.1',
    tcp_port   => 11211,
    udp_port   => 0,
    max_connections => 4096,
  }
}
