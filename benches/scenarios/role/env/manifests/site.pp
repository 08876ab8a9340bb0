# Every node gets its role from Hiera (`role`), and the classes of that role.
$role = lookup('role', String, 'first', 'base')
# saz-rsyslog's rsyslog.conf.erb reads @modules through Puppet 2's dynamic scoping: on
# Puppet 7 it must be a top-scope variable.
$modules = ['module(load="imuxsock")', 'module(load="imklog")']
node default {
  lookup('classes', Array[String], 'unique', []).include
}
