# A reference with several titles is an Array of references; inside a relationship
# metaparameter's Array it is flattened, as puppetlabs-firewall's
# `before => [Package[$package_name], Service[$service_name]]` relies on.
$packages = ['iptables-services', 'nftables']
$services = ['iptables', 'nftables']
package { $packages: ensure => installed }
service { $services: ensure => running }
service { 'firewalld':
  ensure => stopped,
  before => [Package[$packages], Service[$services]],
}
file { '/etc/motd':
  ensure  => file,
  require => [[Package['nftables']], [Service['iptables'], [Service['nftables']]]],
}
