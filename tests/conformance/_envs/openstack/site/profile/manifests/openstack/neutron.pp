class profile::openstack::neutron {
  include profile::openstack::keystone
  class { 'neutron::db::mysql':
    password => 'neutron-db',
  }
  class { 'neutron::keystone::auth':
    password     => 'neutron-secret',
    public_url   => 'http://controller.example.com:9696',
    internal_url => 'http://controller.example.com:9696',
    admin_url    => 'http://controller.example.com:9696',
  }
  class { 'neutron':
    default_transport_url => 'rabbit://openstack:rabbit-secret@127.0.0.1:5672/',
    core_plugin           => 'ml2',
    service_plugins       => ['router'],
  }
  class { 'neutron::db':
    database_connection => 'mysql+pymysql://neutron:neutron-db@127.0.0.1/neutron',
  }
  class { 'neutron::keystone::authtoken':
    password             => 'neutron-secret',
    www_authenticate_uri => 'http://controller.example.com:5000',
    auth_url             => 'http://controller.example.com:5000',
    memcached_servers    => ['127.0.0.1:11211'],
  }
  class { 'neutron::server': }
  class { 'neutron::plugins::ml2':
    type_drivers         => ['flat', 'vxlan'],
    tenant_network_types => ['vxlan'],
    mechanism_drivers    => ['openvswitch'],
  }
  class { 'neutron::server::notifications::nova':
    password => 'nova-secret',
    auth_url => 'http://controller.example.com:5000',
  }
  class { 'neutron::agents::ml2::ovs':
    local_ip => $facts['networking']['ip'],
  }
  class { 'neutron::agents::dhcp': }
  class { 'neutron::agents::l3': }
  class { 'neutron::agents::metadata':
    shared_secret => 'metadata-secret',
  }
}
