# The base class is the parent scope of the derived class: its variables and
# resource defaults are visible there.
$where = 'top'
class base {
  $greeting = 'hello from base'
  $where = 'base'
  File { mode => '0600', owner => 'base' }
}
class derived inherits base {
  file { '/tmp/derived': ensure => file }
  notify { 'vars': message => "${greeting} / ${where} / ${base::where} / ${::where}" }
}
include derived
