# Several bodies in one resource expression, separated by semicolons.
file {
  '/etc/a':
    ensure => file,
    mode   => '0644';
  '/etc/b':
    ensure => directory;
  '/etc/c':
}
