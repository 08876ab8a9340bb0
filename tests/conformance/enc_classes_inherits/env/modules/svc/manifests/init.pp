class svc (Integer $workers = 1) inherits svc::params {
  notify { 'svc': message => "${workers} ${svc::params::user}" }
}
