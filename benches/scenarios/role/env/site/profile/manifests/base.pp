class profile::base (
  Hash[String, Hash] $admins,
  Array[String] $packages = lookup('profile::base::packages', Array[String], 'unique'),
  Hash[String, Integer] $sysctl = {},
) {
  include ntp
  include ssh
  if $facts['os']['family'] == 'Debian' {
    include profile::apt
  }
  group { 'admins':
    ensure => present,
    gid    => 2000,
  }
  $admins.each |String $name, Hash $user| {
    user { $name:
      ensure     => present,
      uid        => $user['uid'],
      gid        => 'admins',
      comment    => $user['comment'],
      shell      => pick($user['shell'], '/bin/bash'),
      managehome => true,
      require    => Group['admins'],
    }
    file { "/home/${name}/.ssh":
      ensure  => directory,
      owner   => $name,
      group   => 'admins',
      mode    => '0700',
      require => User[$name],
    }
  }
  package { $packages:
    ensure => installed,
  }
  $sysctl.each |$key, $value| {
    file { "/etc/sysctl.d/60-${key}.conf":
      ensure  => file,
      content => "${key} = ${value}\n",
      notify  => Exec['sysctl reload'],
    }
  }
  exec { 'sysctl reload':
    command     => 'sysctl --system',
    path        => ['/usr/sbin', '/sbin', '/usr/bin', '/bin'],
    refreshonly => true,
  }
  file { '/etc/profile.d/prompt.sh':
    ensure  => file,
    mode    => '0644',
    content => epp('profile/prompt.sh.epp', { 'role' => $::role, 'fqdn' => $facts['networking']['fqdn'] }),
  }
}
