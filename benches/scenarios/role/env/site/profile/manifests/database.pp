class profile::database (
  Hash[String, Hash] $databases = {},
) {
  include mysql::server
  include mysql::client
  $databases.each |String $name, Hash $db| {
    mysql::db { $name:
      user     => $db['user'],
      password => $db['password'],
      host     => 'localhost',
      grant    => pick($db['grant'], ['ALL']),
      charset  => 'utf8mb4',
      collate  => 'utf8mb4_unicode_ci',
    }
  }
  cron { 'mysql backup':
    command => '/usr/local/bin/mysql-backup --all-databases',
    user    => 'root',
    hour    => 2,
    minute  => 30,
  }
}
