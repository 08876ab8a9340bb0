# @summary nginx with a set of virtual hosts.
#
# @param workers Number of worker processes.
# @param vhosts Virtual hosts, as webserver::vhost parameters keyed by server name.
class webserver (
  Integer[1]         $workers = $facts['processors']['count'],
  Hash[String, Hash] $vhosts  = {},
  String             $package = $webserver::params::package,
  String             $service = $webserver::params::service,
) inherits webserver::params {
  package { $package:
    ensure => installed,
  }

  file { "${confdir}/nginx.conf":
    ensure  => file,
    content => epp('webserver/nginx.conf.epp', {
      'user'    => $user,
      'workers' => $workers,
    }),
    require => Package[$package],
    notify  => Service[$service],
  }

  service { $service:
    ensure     => running,
    enable     => true,
    hasrestart => true,
  }

  $vhosts.each |String $server_name, Hash $params| {
    webserver::vhost { $server_name:
      * => $params,
    }
  }
}
