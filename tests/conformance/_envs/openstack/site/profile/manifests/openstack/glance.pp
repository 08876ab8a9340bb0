class profile::openstack::glance {
  include profile::openstack::keystone
  class { 'glance::db::mysql':
    password => 'glance-db',
  }
  class { 'glance::keystone::auth':
    password     => 'glance-secret',
    public_url   => 'http://controller.example.com:9292',
    internal_url => 'http://controller.example.com:9292',
    admin_url    => 'http://controller.example.com:9292',
  }
  class { 'glance::api::db':
    database_connection => 'mysql+pymysql://glance:glance-db@127.0.0.1/glance',
  }
  class { 'glance::api::authtoken':
    password             => 'glance-secret',
    www_authenticate_uri => 'http://controller.example.com:5000',
    auth_url             => 'http://controller.example.com:5000',
    memcached_servers    => ['127.0.0.1:11211'],
  }
  class { 'glance::api':
    enabled_backends => ['file:file'],
    default_backend  => 'file',
  }
  glance::backend::multistore::file { 'file': }
}
