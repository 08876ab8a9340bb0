define apache::vhost (Integer $port, String $docroot) {
  require apache
  file { "/etc/apache/${title}.conf": content => "${port} ${docroot}" }
}
