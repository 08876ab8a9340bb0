# Amending from another class (here top scope) a resource of a class that is not a parent: error.
class later {
  file { '/later': ensure => file }
}
File['/later'] { mode => '0600' }
include later
