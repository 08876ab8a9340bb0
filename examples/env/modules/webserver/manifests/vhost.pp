# @summary One nginx server block and its document root.
define webserver::vhost (
  Webserver::Absolutepath $docroot,
  Integer[1, 65535]       $port = 80,
) {
  include webserver

  file { $docroot:
    ensure => directory,
    owner  => $webserver::user,
  }

  file { "${webserver::confdir}/sites-enabled/${title}.conf":
    ensure  => file,
    content => @("CONF"),
      server {
        listen ${port};
        server_name ${title};
        root ${docroot};
      }
      | CONF
    require => Package[$webserver::package],
  }
  ~> Service[$webserver::service]
}
