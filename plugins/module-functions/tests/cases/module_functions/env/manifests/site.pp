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
