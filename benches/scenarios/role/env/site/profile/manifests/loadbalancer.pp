class profile::loadbalancer (
  Hash[String, Hash] $backends = {},
) {
  class { 'haproxy':
    global_options   => {
      'log'     => '127.0.0.1 local0',
      'chroot'  => '/var/lib/haproxy',
      'maxconn' => '4000',
      'user'    => 'haproxy',
      'group'   => 'haproxy',
      'daemon'  => '',
      'stats'   => 'socket /var/lib/haproxy/stats',
    },
    defaults_options => {
      'log'     => 'global',
      'mode'    => 'http',
      'option'  => ['httplog', 'dontlognull', 'redispatch'],
      'timeout' => ['connect 5s', 'client 1m', 'server 1m'],
    },
  }
  haproxy::frontend { 'public':
    ipaddress => $facts['networking']['ip'],
    ports     => '80',
    options   => {
      'default_backend' => 'shop',
      'acl'             => $backends.keys.map |$b| { "host_${b} hdr(host) -i ${b}.example.com" },
      'use_backend'     => $backends.keys.map |$b| { "${b} if host_${b}" },
    },
  }
  $backends.each |String $name, Hash $backend| {
    haproxy::backend { $name:
      options => { 'balance' => 'roundrobin', 'option' => ['httpchk GET /health'] },
    }
    haproxy::balancermember { $name:
      listening_service => $name,
      ports             => String($backend['port']),
      server_names      => $backend['members'].map |$i, $ip| { "${name}${i}" },
      ipaddresses       => $backend['members'],
      options           => 'check',
    }
  }
  haproxy::listen { 'stats':
    ipaddress => '0.0.0.0',
    ports     => '9090',
    options   => { 'stats' => ['enable', 'uri /'] },
  }
}
