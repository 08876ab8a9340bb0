class profile::web::frontend {
  file { '/srv/frontend': ensure => directory }
  notify { 'Frontend Ready': }
}
