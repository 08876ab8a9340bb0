# The functions of the rest of the Debian module corpus that manifests call (see
# ../../../functions.txt), through a compile.
$netmask = 'ffff:ffff:ffff:ffff::'
notify { 'mcollective':
  message => [mco_array_to_string(range('1', '3')), mco_array_to_string([1, undef, [2], { 'a' => true }])],
}
$service_provider = 'local'
notify { 'redis':
  message => [getvar_emptystring('service_provider'), getvar_emptystring('nope'), getvar_emptystring('::nope')],
}
notify { 'ssh':
  message => ipaddresses(),
}
notify { 'openstacklib':
  message => [
    os_transport_url({ 'transport' => 'rabbit', 'host' => '10.0.0.1', 'port' => 5672,
                       'username' => 'guest', 'password' => 'p@ss word', 'virtual_host' => 'nova' }),
    os_transport_url({ 'transport' => 'rabbit', 'hosts' => ['::1', 'h2'], 'port' => '5671',
                       'username' => 'u', 'ssl' => 'yes', 'query' => { 'a' => 1, 'ssl' => 'x' } }),
    os_transport_url({ 'transport' => 'amqp', 'hosts' => ['fd00::2'], 'username' => '', 'ssl' => '0' }),
    os_transport_url({ 'transport' => 'rabbit', 'host' => 'h', 'ssl' => '' }),
  ],
}
notify { 'mongodb':
  message => [mongodb_password('admin', 'secret'), mongodb_password(undef, 1)],
}
notify { 'vswitch':
  message => [range_to_mask('1-3,8'), range_to_mask('0,127'), range_to_mask(''), range_to_mask(undef), range_to_mask('64')],
}
notify { 'collectd':
  message => [collectd_convert_processes([{ 'name' => 'foo', 'regex' => '.*' }, 'alone']),
              collectd_convert_processes({ 'x' => {} })],
}
notify { 'translate':
  message => [translate('plain %{x} 100%'), translate('On %{os} (%{n}%%)', { 'os' => 'Debian', 'n' => 3 })],
}
notify { 'staging':
  message => [staging_parse('http://example.com/files/app-1.0.tar.gz'),
              staging_parse('/opt/app-1.0.tar.gz', 'basename', '.tar.gz'),
              staging_parse('/opt/app-1.0.tar.gz', 'basename'),
              staging_parse('/opt/app-1.0.tar.gz', 'extname'),
              staging_parse('/opt/staging/app/file.zip', 'parent'),
              staging_parse('puppet:///modules/m/a.zip?x=1'),
              staging_parse('C:\\temp\\a.zip', 'basename'),
              staging_parse('/opt/.bashrc', 'extname'),
              staging_parse('/opt/foo.', 'extname'),
              staging_parse('/opt/dir/', 'filename'),
              staging_parse('/a/b.tar.gz', 'basename', '.*')],
}
notify { 'ironic':
  message => ipv6_normalize_dnsmasq_ip_subnets([
    { 'ip_range' => 'fd00::10,fd00::20', 'netmask' => $netmask, 'gateway' => 'fd00::1' },
    { 'ip_range' => '10.0.0.10,10.0.0.20', 'netmask' => '255.255.255.0', 'gateway' => '10.0.0.1' },
    { 'netmask' => 'ffff:ffff::/32', 'gateway' => 'nonsense' },
    { 'netmask' => 64 },
  ]),
}
notify { 'openstack_extras':
  message => [validate_yum_hash({ 'r' => { 'baseurl' => 'x', 'enabled' => 1 } }), validate_yum_hash({})],
}
notify { 'archive':
  message => assemble_nexus_url('https://nexus.example.com', { 'g' => 'com.example', 'a' => 'a b&c/d~e' }),
}
notify { 'apache':
  message => [apache::pw_hash('secret'), apache_pw_hash('secret'), apache::apache_pw_hash('x')],
}
notify { 'dns':
  message => [get_in_addr_arpa('10.1.2.3'), get_in_addr_arpa('10.1.')],
}
notify { 'murano':
  message => [get_ext_net_name({ 'a' => { 'L2' => { 'router_ext' => false } }, 'b' => { 'L2' => { 'router_ext' => true } } }),
              get_ext_net_name({ 'a' => {} })],
}
notify { 'monit':
  message => [
    monit_validate_tests('process', [
      { 'type' => 'cpu', 'operator' => '>', 'value' => '90%', 'tolerance' => { 'cycles' => 5, 'times' => 3 } },
      { 'type' => 'memory', 'operator' => 'GT', 'value' => '1 GB', 'action' => 'restart' },
      { 'type' => 'connection', 'host' => 'localhost', 'port' => 80, 'protocol' => 'http',
        'protocol_test' => { 'status' => 200, 'request' => '/health' }, 'timeout' => 5, 'retry' => 2 },
      { 'type' => 'connection', 'unixsocket' => '/run/x.sock', 'timeout' => 5 },
      { 'type' => 'connection', 'port' => 443, 'socket_type' => 'tcpssl', 'socket_type_cypher' => 'tlsv12',
        'socket_type_checksum' => 'abc', 'protocol' => 'generic',
        'protocol_test' => [{ 'send' => 'PING', 'expect' => 'PONG' }], 'action' => 'exec', 'exec' => '/bin/true' },
      { 'type' => 'connection', 'port' => 6379, 'protocol' => 'redis', 'tolerance' => { 'cycles' => 2 } },
    ]),
    monit_validate_tests('filesystem', [
      { 'type' => 'space', 'operator' => '>', 'value' => '80%' },
      { 'type' => 'fsflags' },
      { 'type' => 'perm', 'value' => '0755' },
    ]),
    monit_validate_tests('file', []),
  ],
}
notify { 'archive-artifactory':
  message => [
    archive::parse_artifactory_url('https://repo.example.com/artifactory/libs-release/com/example/app/1.0.2/app-1.0.2.jar'),
    archive::parse_artifactory_url('http://a.example.com/artifactory/snap/org/x/tool/0.0.1-SNAPSHOT/tool-0.0.1-20200101.120000-3-bin.tar.gz'),
    archive::parse_artifactory_url('http://a.example.com/artifactory/r/o/tool/2/tool-2-SNAPSHOT.7z'),
    archive::parse_artifactory_url('https://example.com/files/x.zip'),
  ],
}
Exec { path => '/bin' }
class scoped {
  Package { ensure => 'latest' }
  notify { 'staging-defaults':
    message => [scope_defaults('exec', 'path'), scope_defaults('EXEC', 'cwd'),
                scope_defaults('package', 'ensure'), scope_defaults('file', 'mode')],
  }
}
include scoped
notify { 'staging-defaults-top':
  message => [scope_defaults('package', 'ensure'), scope_defaults('Exec', 'path')],
}
inifile::create_ini_settings({ 'main' => { 'a' => 1, 'b' => { 'value' => 'x', 'ensure' => 'absent' } }, 'other' => { 'c' => 'y' } },
                             { 'path' => '/etc/x.ini' })
create_ini_settings({ 'sec' => { 'k' => 'v' } }, { 'path' => '/etc/y.ini', 'key_val_separator' => ' = ' })
