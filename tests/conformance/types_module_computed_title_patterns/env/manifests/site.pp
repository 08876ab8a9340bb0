# Title patterns computed by Ruby: the title gives the key attributes.
comp_service { 'keystone::identity': description => 'Identity' }
comp_service { 'glance': }
comp_member { 'admin@admins': roles => ['admin'] }
comp_member { 'admin@::::all': roles => ['reader'] }
comp_endpoint { 'RegionOne/keystone::identity': url => 'http://k:5000' }
comp_endpoint { 'RegionTwo/nova': }
comp_endpoint { 'Plain': }
# The uniqueness key from the title: the same service by its attributes.
notify { 'n': require => [Comp_service['keystone::identity'], Comp_member['admin@admins']] }
