# Resource-like declarations must be unique.
class apache ($version = 'latest') {
  notify { "apache ${version}": }
}
class { 'apache': version => '2.4' }
class { 'apache': version => '2.2' }
