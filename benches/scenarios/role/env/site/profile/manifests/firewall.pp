class profile::firewall (
  Hash[String, Hash] $allow = {},
) {
  include firewall
  resources { 'firewall': purge => true }
  Firewall {
    proto  => 'tcp',
    action => 'accept',
  }
  firewall { '000 accept icmp': proto => 'icmp' }
  firewall { '001 accept lo': proto => 'all', iniface => 'lo' }
  firewall { '002 accept related established': proto => 'all', state => ['RELATED', 'ESTABLISHED'] }
  $allow.each |$title, $rule| {
    firewall { $title:
      * => $rule,
    }
  }
  firewall { '999 drop all':
    proto  => 'all',
    action => 'drop',
  }
}
