# resource defaults with several attributes
Exec {
  path      => ['/bin', '/usr/bin'],
  logoutput => true,
}
