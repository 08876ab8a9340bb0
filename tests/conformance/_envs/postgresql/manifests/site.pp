node default {
  class { 'postgresql::globals':
    version  => $facts['os']['family'] ? { 'RedHat' => '13', default => '14' },
    encoding => 'UTF-8',
    locale   => 'en_US.UTF-8',
  }
  class { 'postgresql::server':
    listen_addresses => '*',
  }
  postgresql::server::db { 'gitea':
    user     => 'gitea',
    password => postgresql::postgresql_password('gitea', 'gitea-secret'),
  }
  postgresql::server::role { 'monitoring':
    password_hash    => postgresql::postgresql_password('monitoring', 'mon-secret'),
    connection_limit => 5,
  }
  postgresql::server::role { 'replicator':
    password_hash => postgresql::postgresql_password('replicator', 'repl-secret'),
    replication   => true,
  }
  postgresql::server::database_grant { 'monitoring on gitea':
    privilege => 'CONNECT',
    db        => 'gitea',
    role      => 'monitoring',
  }
  postgresql::server::pg_hba_rule { 'app network':
    type        => 'host',
    database    => 'gitea',
    user        => 'gitea',
    address     => '10.0.10.0/24',
    auth_method => 'md5',
  }
  postgresql::server::pg_hba_rule { 'replication':
    type        => 'host',
    database    => 'replication',
    user        => 'replicator',
    address     => '10.0.20.0/24',
    auth_method => 'md5',
  }
  postgresql::server::config_entry { 'max_connections':
    value => '200',
  }
  postgresql::server::config_entry { 'shared_buffers':
    value => '1GB',
  }
}
