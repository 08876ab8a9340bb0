# create_resources with a defined type and virtual resources.
define site::vhost ($port = 80) {
  notify { "vhost ${title} ${port}": }
}
create_resources('site::vhost', { 'a' => { 'port' => 81 }, 'b' => {} })
create_resources('@notify', { 'virtual one' => {} })
realize(Notify['virtual one'])
