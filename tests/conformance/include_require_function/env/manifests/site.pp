# require declares the class and makes it a dependency of the surrounding container.
class site {
  require apache
  notify { 'site': }
}
include site
apache::vhost { 'www': port => 80, docroot => '/srv/www' }
apache::vhost { 'api': port => 8080, docroot => '/srv/api' }
