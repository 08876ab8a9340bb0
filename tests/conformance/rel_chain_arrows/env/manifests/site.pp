# Chaining arrows: -> ~> <- <~ become before/notify on the source.
package { 'a': }
file { '/b': }
service { 'c': }
exec { 'd': command => '/bin/true' }
Package['a'] -> File['/b']
File['/b'] ~> Service['c']
Service['c'] <- Exec['d']
Service['c'] <~ Package['a']
