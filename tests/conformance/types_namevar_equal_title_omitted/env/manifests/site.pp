file { '/a': path => '/a', ensure => file }
package { 'p': name => 'p', ensure => installed }
exec { '/bin/true': command => '/bin/true' }
user { 'u': name => 'bob' }
define foo() {}
foo { 'f': name => 'f' }
foo { 'g': name => 'h' }
mykey { 'k@rsa': name => 'k' }
