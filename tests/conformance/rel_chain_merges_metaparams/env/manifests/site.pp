# A chain adds to an existing before metaparameter.
package { 'a': before => File['/x'] }
file { ['/x', '/y']: }
Package['a'] -> File['/y']
