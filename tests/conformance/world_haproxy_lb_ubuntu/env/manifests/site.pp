node default {
  class { 'haproxy':
    global_options   => {
      'log'     => "${facts['networking']['ip']} local0",
      'chroot'  => '/var/lib/haproxy',
      'pidfile' => '/var/run/haproxy.pid',
      'maxconn' => '8000',
      'user'    => 'haproxy',
      'group'   => 'haproxy',
      'daemon'  => '',
      'stats'   => 'socket /var/lib/haproxy/stats',
    },
    defaults_options => {
      'log'     => 'global',
      'stats'   => 'enable',
      'option'  => ['redispatch', 'httplog', 'dontlognull'],
      'retries' => '3',
      'timeout' => ['http-request 10s', 'queue 1m', 'connect 10s', 'client 1m', 'server 1m', 'check 10s'],
      'maxconn' => '8000',
    },
  }
  haproxy::frontend { 'www':
    ipaddress => $facts['networking']['ip'],
    ports     => '80',
    mode      => 'http',
    options   => {
      'default_backend' => 'web',
      'option'          => ['forwardfor'],
      'acl'             => ['is_api path_beg /api'],
      'use_backend'     => ['api if is_api'],
    },
  }
  haproxy::backend { 'web':
    options => {
      'balance' => 'roundrobin',
      'option'  => ['httpchk GET /health'],
    },
  }
  haproxy::backend { 'api':
    options => {
      'balance' => 'leastconn',
    },
  }
  haproxy::balancermember { 'web':
    listening_service => 'web',
    ports             => '8080',
    server_names      => ['web01', 'web02', 'web03'],
    ipaddresses       => ['10.0.11.1', '10.0.11.2', '10.0.11.3'],
    options           => 'check',
  }
  haproxy::balancermember { 'api':
    listening_service => 'api',
    ports             => '9000',
    server_names      => ['api01', 'api02'],
    ipaddresses       => ['10.0.12.1', '10.0.12.2'],
    options           => ['check', 'inter 2s'],
  }
  haproxy::listen { 'stats':
    ipaddress => '127.0.0.1',
    ports     => '9090',
    options   => {
      'mode'  => 'http',
      'stats' => ['uri /', 'auth admin:secret'],
    },
  }
}
