# saz-rsyslog's rsyslog.conf.erb reads @modules, a variable of rsyslog::params, through
# Puppet 2's dynamic scoping; on Puppet 7 it must be a top-scope variable.
$modules = [
  'module(load="imuxsock")',
  'module(load="imklog")',
]
node default {
  class { 'rsyslog::client':
    server         => 'logs.example.com',
    port           => '6514',
    remote_type    => 'tcp',
    log_local      => true,
    log_auth_local => true,
    custom_config  => '', # the module tests '' (Puppet 3's undef)
  }
  rsyslog::snippet { '30-haproxy':
    content => "local0.* /var/log/haproxy.log\n& stop\n",
  }
  rsyslog::imfile { 'app-log':
    file_name     => '/var/log/app/app.log',
    file_tag      => 'app',
    file_facility => 'local5',
  }
}
