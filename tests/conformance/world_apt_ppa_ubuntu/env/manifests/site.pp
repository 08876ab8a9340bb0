node default {
  include apt
  apt::ppa { 'ppa:ondrej/php': }
  apt::ppa { 'ppa:deadsnakes/ppa':
    package_manage => true,
  }
  apt::source { 'ubuntu-security':
    location => 'http://security.ubuntu.com/ubuntu',
    release  => 'jammy-security',
    repos    => 'main restricted universe multiverse',
  }
  apt::pin { 'ondrej-php':
    originator => 'LP-PPA-ondrej-php',
    priority   => 900,
    packages   => 'php8.3*',
  }
  package { 'php8.3-fpm':
    ensure  => installed,
    require => Apt::Ppa['ppa:ondrej/php'],
  }
}
