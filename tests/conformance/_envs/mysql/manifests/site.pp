node default {
  include mysql::server
  include mysql::client
  mysql::db { 'wordpress':
    user     => 'wordpress',
    password => 'wp-secret',
    host     => 'localhost',
    grant    => ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'CREATE', 'ALTER', 'INDEX'],
  }
  mysql::db { 'reports':
    user     => 'reporter',
    password => 'rep-secret',
    host     => '10.0.10.%',
    grant    => ['SELECT'],
    charset  => 'utf8mb4',
    collate  => 'utf8mb4_unicode_ci',
  }
}
