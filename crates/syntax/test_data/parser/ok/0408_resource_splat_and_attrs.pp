# * => $hash mixed with normal attributes
file { '/tmp/a':
  ensure => file,
  *      => $attrs,
  mode   => '0644',
}
