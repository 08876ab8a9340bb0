node default {
  class { 'chrony':
    servers         => ['0.rhel.pool.ntp.org', '1.rhel.pool.ntp.org', 'ntp1.example.com'],
    queryhosts      => ['10.0.10.0/24'],
    port            => 0,
  }
}
