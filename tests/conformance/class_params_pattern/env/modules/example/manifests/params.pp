class example::params {
  $myparam = 'from-params'
  $port = 8140
}
