# IPAddr and JSON in templates, with Puppet's values (haproxy's `_bind.erb` style).
$binds = ['10.0.0.5', '2001:db8::1', 'lb.example.com', '*', '192.168.1.300']
$networks = ['10.0.0.0/8', '192.168.0.0/255.255.0.0', 'fe80::/10']
$config = {
  'name'    => 'web',
  'ports'   => [80, 443],
  'weight'  => 1.5,
  'enabled' => true,
  'backup'  => undef,
  'nested'  => { 'empty' => [], 'none' => {}, 'quote' => "a \"b\"\n\tc/é" },
}
$json_text = '{"servers": [{"host": "a", "port": 8080}, {"host": "b", "port": null}], "ratio": 0.25}'
file { '/etc/net/bind.cfg': content => template('net/bind.erb') }
file { '/etc/net/config.json': content => template('net/json.erb') }
notify { 'inline': message => inline_template("<%= require 'ipaddr' %> <%= IPAddr.new(@networking['ip']).mask(24) %> <%= @config.to_json %>") }
