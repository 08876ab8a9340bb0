# Relationship metaparameters: single references stay strings, several an array.
package { 'openssh-server': }
file { '/etc/ssh/sshd_config':
  require => Package['openssh-server'],
  notify  => Service['sshd'],
}
service { 'sshd':
  subscribe => [File['/etc/ssh/sshd_config'], Package['openssh-server']],
}
notify { 'first': before => Notify['second'] }
notify { 'second': }
