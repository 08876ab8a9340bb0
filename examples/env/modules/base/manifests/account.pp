# @summary A local account with its home directory.
define base::account (
  Integer[1000]             $uid,
  Enum['present', 'absent'] $ensure = 'present',
  String                    $shell  = '/bin/bash',
  Array[String]             $groups = [],
  String                    $home   = "/home/${title}",
) {
  user { $title:
    ensure     => $ensure,
    uid        => $uid,
    shell      => $shell,
    groups     => $groups,
    home       => $home,
    managehome => true,
  }

  if $ensure == 'present' {
    file { $home:
      ensure  => directory,
      owner   => $title,
      mode    => '0750',
      require => User[$title],
    }
  }
}
