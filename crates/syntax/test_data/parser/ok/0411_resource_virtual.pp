# @ virtual resource
@user { 'a': ensure => present }
