class svc::params {
  $user = 'svc'
}
