class profile::openstack::base {
  class { 'mysql::server':
    root_password    => 'db-root',
    override_options => { 'mysqld' => { 'bind-address' => '127.0.0.1', 'max_connections' => 1024 } },
  }
  class { 'rabbitmq':
    delete_guest_user => true,
  }
  rabbitmq_user { 'openstack': password => 'rabbit-secret' }
  rabbitmq_user_permissions { 'openstack@/':
    configure_permission => '.*',
    read_permission      => '.*',
    write_permission     => '.*',
  }
  class { 'memcached': listen_ip => '127.0.0.1' }
  include apache
  include keystone::client
}
