# The title `keystone::identity` gives name and type (Ruby-built title patterns):
# the second resource has the same uniqueness key.
comp_service { 'keystone::identity': }
comp_service { 'identity service':
  name => 'keystone',
  type => 'identity',
}
