# Defines and classes of the corpus that call its Ruby functions (staging_parse,
# scope_defaults, collectd_convert_processes, mongodb_password); staging's $subdir
# defaults to $caller_module_name, '' from the main manifest.
Exec { path => ['/bin', '/usr/bin'] }
staging::file { 'app-1.0.tar.gz':
  source => 'http://example.com/files/app-1.0.tar.gz',
}
staging::extract { 'app-1.0.tar.gz':
  target  => '/opt/app',
  creates => '/opt/app/bin',
}
class { 'collectd': }
class { 'collectd::plugin::processes':
  processes       => ['sshd', { 'name' => 'ntpd' }],
  process_matches => [{ 'name' => 'java', 'regex' => 'java.*' }],
}
class { 'mongodb::server': }
mongodb::db { 'app':
  user     => 'app',
  password => 'secret',
}
