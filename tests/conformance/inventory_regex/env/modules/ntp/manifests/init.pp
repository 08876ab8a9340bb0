class ntp (
  Array[String] $servers = ['pool.ntp.org'],
  Boolean $iburst = false,
) {
  notify { 'ntp': message => "${join($servers, ',')} iburst=${iburst}" }
}
