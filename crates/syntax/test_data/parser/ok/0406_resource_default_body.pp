# default: body
file {
  default:  mode   => '0644';
  '/tmp/a': ensure => file;
}
