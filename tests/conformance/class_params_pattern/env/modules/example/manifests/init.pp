class example ($my_param = $example::params::myparam, $port = $example::params::port) inherits example::params {
  notify { 'example': message => "${my_param} ${port} ${myparam}" }
}
