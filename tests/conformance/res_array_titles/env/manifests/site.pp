# An array of titles declares one resource per title.
$rc_dirs = ['/etc/rc.d', '/etc/rc.d/init.d', '/etc/rc.d/rc0.d']
file { $rc_dirs:
  ensure => directory,
  owner  => 'root',
  mode   => '0755',
}
notify { [['nested', 'array'], 'flat']: }
