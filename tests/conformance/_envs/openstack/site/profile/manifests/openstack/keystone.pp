class profile::openstack::keystone {
  include profile::openstack::base
  class { 'keystone::db::mysql':
    password => 'keystone-db',
  }
  class { 'keystone::db':
    database_connection => 'mysql+pymysql://keystone:keystone-db@127.0.0.1/keystone',
  }
  class { 'keystone':
    service_name          => 'httpd',
    default_transport_url => 'rabbit://openstack:rabbit-secret@127.0.0.1:5672/',
  }
  class { 'keystone::cache':
    backend          => 'dogpile.cache.pymemcache',
    enabled          => true,
    memcache_servers => ['127.0.0.1:11211'],
  }
  class { 'keystone::wsgi::apache':
    ssl => false,
  }
  class { 'keystone::bootstrap':
    password   => 'admin-secret',
    public_url => 'http://controller.example.com:5000',
    admin_url  => 'http://controller.example.com:5000',
  }
}
