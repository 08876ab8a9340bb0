class ntp (String $service, Array[String] $servers) {
  service { $service: ensure => running }
  notify { 'servers': message => $servers }
}
