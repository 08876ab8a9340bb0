class profile::openstack::nova {
  include profile::openstack::keystone
  class { 'nova::db::mysql':
    password => 'nova-db',
  }
  class { 'nova::db::mysql_api':
    password => 'nova-db',
  }
  class { 'nova::keystone::auth':
    password     => 'nova-secret',
    public_url   => 'http://controller.example.com:8774/v2.1',
    internal_url => 'http://controller.example.com:8774/v2.1',
    admin_url    => 'http://controller.example.com:8774/v2.1',
  }
  class { 'nova::db':
    database_connection     => 'mysql+pymysql://nova:nova-db@127.0.0.1/nova',
    api_database_connection => 'mysql+pymysql://nova:nova-db@127.0.0.1/nova_api',
  }
  class { 'nova':
    default_transport_url => 'rabbit://openstack:rabbit-secret@127.0.0.1:5672/',
  }
  class { 'nova::keystone::authtoken':
    password             => 'nova-secret',
    www_authenticate_uri => 'http://controller.example.com:5000',
    auth_url             => 'http://controller.example.com:5000',
    memcached_servers    => ['127.0.0.1:11211'],
  }
  class { 'nova::api':
    service_name => 'httpd',
  }
  class { 'nova::wsgi::apache_api':
    ssl => false,
  }
  class { 'nova::placement':
    password => 'placement-secret',
    auth_url => 'http://controller.example.com:5000',
  }
  include nova::conductor
  include nova::scheduler
  class { 'nova::vncproxy':
    host => '0.0.0.0',
  }
}
