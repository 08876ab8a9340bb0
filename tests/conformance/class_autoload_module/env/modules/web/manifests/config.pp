class web::config (String $path = '/etc/web/web.conf') {
  file { $path: content => 'x' }
}
