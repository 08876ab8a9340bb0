class profile::web ($vhost, $docroot, $port, Hash $alias_ports) {
  notify { 'vhost': message => $vhost }
  notify { 'docroot': message => $docroot }
  notify { 'port': message => $port }
  notify { 'alias_ports': message => $alias_ports }
}
