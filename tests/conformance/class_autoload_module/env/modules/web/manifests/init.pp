class web {
  include web::config
  file { '/etc/web': ensure => directory }
}
