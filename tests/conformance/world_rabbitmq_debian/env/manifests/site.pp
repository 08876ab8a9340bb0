node default {
  include rabbitmq
  rabbitmq_vhost { '/app': ensure => present }
  rabbitmq_user { 'app':
    password => 'app-secret',
    tags     => ['monitoring'],
  }
  rabbitmq_user_permissions { 'app@/app':
    configure_permission => '.*',
    read_permission      => '.*',
    write_permission     => '.*',
  }
  rabbitmq_policy { 'ha-all@/app':
    pattern    => '.*',
    priority   => 0,
    applyto    => 'all',
    definition => { 'ha-mode' => 'all', 'ha-sync-mode' => 'automatic' },
  }
}
