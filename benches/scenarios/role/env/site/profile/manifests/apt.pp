class profile::apt {
  class { 'apt':
    purge  => { 'sources.list.d' => true },
    update => { 'frequency' => 'daily' },
  }
  apt::source { 'haproxy':
    location => 'http://haproxy.debian.net',
    release  => "${facts['os']['distro']['codename']}-backports-2.8",
    repos    => 'main',
    key      => { 'id' => 'AEF2348766F371C689A7360095A42FE8353525F9', 'server' => 'keyserver.ubuntu.com' },
  }
  apt::pin { 'haproxy':
    packages => 'haproxy',
    origin   => 'haproxy.debian.net',
    priority => 700,
  }
}
