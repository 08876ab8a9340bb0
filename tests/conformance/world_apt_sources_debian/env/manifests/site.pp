node default {
  class { 'apt':
    purge  => { 'sources.list.d' => true, 'preferences.d' => true },
    update => { 'frequency' => 'daily' },
  }
  apt::source { 'postgresql':
    location => 'http://apt.postgresql.org/pub/repos/apt',
    release  => "${facts['os']['distro']['codename']}-pgdg",
    repos    => 'main',
    key      => {
      'id'     => 'B97B0AFCAA1A47F044F244A07FCC7D46ACCC4CF8',
      'server' => 'keyserver.ubuntu.com',
    },
    include  => { 'src' => false, 'deb' => true },
  }
  apt::source { 'docker':
    location     => "https://download.docker.com/linux/${downcase($facts['os']['name'])}",
    repos        => 'stable',
    architecture => 'amd64',
    key          => {
      'id'     => '9DC858229FC7DD38854AE2D88D81803C0EBFCD88',
      'source' => 'https://download.docker.com/linux/debian/gpg',
    },
  }
  apt::pin { 'postgresql':
    origin   => 'apt.postgresql.org',
    priority => 600,
  }
  apt::pin { 'stable-backports':
    packages => ['nginx', 'nginx-common'],
    release  => "${facts['os']['distro']['codename']}-backports",
    priority => 700,
  }
  apt::conf { 'no-recommends':
    content  => "APT::Install-Recommends \"false\";\n",
    priority => 99,
  }
  package { ['postgresql-15', 'docker-ce']:
    ensure  => installed,
    require => Class['apt::update'],
  }
}
