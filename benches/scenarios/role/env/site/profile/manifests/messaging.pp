class profile::messaging (
  Array[String] $vhosts = [],
) {
  include rabbitmq
  $vhosts.each |$vhost| {
    $app = regsubst($vhost, '^/', '')
    rabbitmq_vhost { $vhost: ensure => present }
    rabbitmq_user { $app: password => "${app}-secret" }
    rabbitmq_user_permissions { "${app}@${vhost}":
      configure_permission => '.*',
      read_permission      => '.*',
      write_permission     => '.*',
    }
  }
}
