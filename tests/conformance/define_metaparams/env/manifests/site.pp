# Metaparameters on a defined type instance stay on it.
package { 'p': }
define svc () {
  notify { "svc ${title}": }
}
svc { 'a': require => Package['p'], tag => 'mine', loglevel => 'info' }
