node default {
  $web_user = $facts['os']['family'] ? { 'RedHat' => 'apache', default => 'www-data' }
  class { 'apache':
    default_vhost => false,
    mpm_module    => 'event',
    server_tokens => 'Prod',
  }
  include apache::mod::ssl
  include apache::mod::proxy
  include apache::mod::proxy_http
  include apache::mod::headers
  include apache::mod::rewrite

  apache::vhost { 'www.example.com-nonssl':
    servername      => 'www.example.com',
    serveraliases   => ['example.com'],
    port            => 80,
    docroot         => '/var/www/www.example.com',
    redirect_status => 'permanent',
    redirect_dest   => 'https://www.example.com/',
  }
  apache::vhost { 'www.example.com-ssl':
    servername     => 'www.example.com',
    port           => 443,
    ssl            => true,
    ssl_cert       => '/etc/ssl/certs/www.example.com.pem',
    ssl_key        => '/etc/ssl/private/www.example.com.key',
    ssl_chain      => '/etc/ssl/certs/chain.pem',
    docroot        => '/var/www/www.example.com',
    docroot_owner  => $web_user,
    docroot_group  => $web_user,
    directories    => [
      { 'path' => '/var/www/www.example.com', 'allow_override' => ['All'], 'options' => ['-Indexes', '+FollowSymLinks'] },
    ],
    headers        => ['always set Strict-Transport-Security "max-age=63072000"'],
    rewrites       => [
      { 'comment' => 'legacy blog', 'rewrite_rule' => ['^/blog/(.*)$ https://blog.example.com/$1 [R=301,L]'] },
    ],
  }
  apache::vhost { 'app.example.com':
    port                => 443,
    ssl                 => true,
    ssl_cert            => '/etc/ssl/certs/app.example.com.pem',
    ssl_key             => '/etc/ssl/private/app.example.com.key',
    docroot             => '/var/www/app',
    proxy_preserve_host => true,
    proxy_pass          => [
      { 'path' => '/api', 'url' => 'http://127.0.0.1:8080/api' },
      { 'path' => '/', 'url' => 'http://127.0.0.1:3000/' },
    ],
    request_headers     => ['set X-Forwarded-Proto "https"'],
  }
  apache::vhost { 'old.example.com':
    port            => 80,
    docroot         => '/var/www/old',
    redirect_source => ['/downloads', '/docs'],
    redirect_dest   => ['https://downloads.example.com/', 'https://docs.example.com/'],
    redirect_status => ['permanent', 'temp'],
  }
}
