class secure (Sensitive[String] $password) {
  file { '/etc/secure.conf':
    ensure  => file,
    content => $password,
  }
}
