# The modules' Ruby functions through a compile: called from Puppet code and from
# ERB (scope.call_function), the deprecated aliases with their warnings.
notify { 'mysql':
  message => [mysql::password('secret'), mysql::password(''), mysql_password('secret'),
              mysql::strip_hash({ 'a' => '', 'b' => { 'c' => '', 'd' => 'x' } })],
}
notify { 'apache':
  message => inline_template("<%= scope.call_function('apache::bool2httpd', [@facts['os']['family'] == 'Debian']) %> <%= scope.call_function('apache::bool2httpd', ['false']) %>"),
}
notify { 'apache-legacy':
  message => [bool2httpd(true), bool2httpd(undef)],
}
notify { 'memcached':
  message => [memcached::max_memory(undef), memcached::max_memory('50%'), memcached::max_memory(64)],
}
notify { 'postgresql':
  message => [postgresql::postgresql_password('postgres', 'secret'), postgresql_password('u', 'p'),
              postgresql::postgresql_escape('a$$b'), postgresql_escape('plain')],
}
notify { 'postgresql-acls':
  message => postgresql::postgresql_acls_to_resources_hash(
    ['local all postgres ident', 'host all all 10.0.0.0/8 md5'], 'x', 100),
}
notify { 'openstacklib':
  message => [is_service_default('<SERVICE DEFAULT>'), normalize_ip_for_uri('::1'),
              inet6_prefix(['127.0.0.1:11211', '::1'])],
}
notify { 'neutron-ranges':
  message => [validate_network_vlan_ranges(['physnet1:10:100', 'physnet2', '']),
              validate_tunnel_id_ranges('010:0100'), validate_vni_ranges(['1:1000', '5:5']),
              validate_vni_ranges(undef), validate_vxlan_udp_port('4789'),
              validate_vxlan_udp_port(50000)],
}
notify { 'neutron-json':
  message => [convert_to_json_string(['a:b', 'c:d:e', 'f:']),
              convert_to_json_string({ 'k' => [1, 2.5, true, undef], 'q' => "x\"\n\u00e9" }),
              convert_to_json_string('s'), convert_to_json_string([])],
}
notify { 'nova':
  message => [to_array_of_json_strings([{ 'a' => 1 }, { 'b' => { 'c' => [true] } }]),
              to_array_of_json_strings('[{"a": 1}]'), to_array_of_json_strings("[{'a': 'x'}]")],
}
