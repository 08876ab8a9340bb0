# @summary Time synchronisation with chrony.
class base::ntp (
  Array[String, 1] $servers = ['pool.ntp.org'],
) {
  $conf = $facts['os']['family'] ? {
    'Debian' => '/etc/chrony/chrony.conf',
    default  => '/etc/chrony.conf',
  }

  package { 'chrony':
    ensure => installed,
  }
  -> file { $conf:
    ensure  => file,
    content => epp('base/chrony.conf.epp', { 'servers' => $servers }),
  }
  ~> service { 'chrony':
    ensure => running,
    enable => true,
  }
}
