class profile::web (
  Hash[String, Hash] $vhosts = {},
) {
  class { 'apache':
    default_vhost => false,
    mpm_module    => 'event',
    server_tokens => 'Prod',
  }
  include apache::mod::ssl
  include apache::mod::proxy
  include apache::mod::proxy_http
  include apache::mod::headers
  include apache::mod::status
  $vhosts.each |String $name, Hash $vhost| {
    apache::vhost { "${name}-http":
      servername      => $name,
      port            => 8000 + $vhost['backend_port'] % 100,
      docroot         => "/var/www/${name}",
      redirect_status => 'permanent',
      redirect_dest   => "https://${name}/",
    }
    apache::vhost { "${name}-https":
      servername          => $name,
      port                => 8443 + $vhost['backend_port'] % 100,
      ssl                 => true,
      ssl_cert            => "/etc/ssl/certs/${name}.pem",
      ssl_key             => "/etc/ssl/private/${name}.key",
      docroot             => "/var/www/${name}",
      proxy_preserve_host => true,
      proxy_pass          => [{ 'path' => '/', 'url' => "http://127.0.0.1:${vhost['backend_port']}/" }],
      headers             => ['always set Strict-Transport-Security "max-age=63072000"'],
    }
  }
}
