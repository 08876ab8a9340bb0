# Resource-like after include: the class is already declared.
class apache ($version = 'latest') {
  notify { "apache ${version}": }
}
include apache
class { 'apache': version => '2.4' }
