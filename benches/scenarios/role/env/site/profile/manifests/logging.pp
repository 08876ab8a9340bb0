class profile::logging (
  Boolean $rsyslog = false,
  Boolean $logrotate = true,
  Hash[String, Hash] $rules = {},
) {
  if $rsyslog {
    class { 'rsyslog::client':
      server        => 'logs.example.com',
      port          => '6514',
      log_local     => true,
      custom_config => '',
    }
  }
  if $logrotate {
    include logrotate::base
    $rules.each |$name, $rule| {
      logrotate::rule { $name:
        compress      => true,
        delaycompress => true,
        missingok     => true,
        *             => $rule,
      }
    }
  } else {
    $rules.each |$name, $rule| {
      file { "/etc/logrotate.d/${name}":
        ensure  => file,
        mode    => '0644',
        content => epp('profile/logrotate.epp', { 'rule' => $rule }),
      }
    }
  }
}
