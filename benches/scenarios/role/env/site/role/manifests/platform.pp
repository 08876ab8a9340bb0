# The all-in-one platform node: web, load balancer, database, cache, messaging.
class role::platform {
  include profile::base
  include profile::firewall
  include profile::logging
  include profile::web
  include profile::loadbalancer
  include profile::database
  include profile::cache
  include profile::messaging
  include profile::motd
}
