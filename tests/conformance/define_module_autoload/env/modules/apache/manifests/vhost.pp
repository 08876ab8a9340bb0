define apache::vhost (Integer $port = 80, String $docroot = "/srv/${title}") {
  file { "/etc/apache2/sites-enabled/${title}.conf":
    content => "${port} ${docroot} ${module_name}",
  }
}
