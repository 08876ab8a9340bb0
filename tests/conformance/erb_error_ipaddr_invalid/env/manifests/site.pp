# An address IPAddr refuses, not rescued: the template fails with Ruby's message.
$vip = '10.0.0.1/33'
file { '/etc/haproxy/vip': content => template('net/vip.erb') }
