# Defaults for metaparameters, and relationship defaults.
package { 'base': }
Exec { path => '/usr/bin:/bin', require => Package['base'] }
exec { 'one': command => 'true' }
exec { 'two': command => 'true', require => [] }
