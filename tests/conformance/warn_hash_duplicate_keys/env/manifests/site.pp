# A hash literal with a literal key given twice: Puppet's validation warns (at the
# later entry's =>) and the last value wins. Keys that are not literal are not
# compared; a string and a bare word are the same key, 1 and 1.0 are not.
$x = 'k'
$h = {
  'a'      => 1,
  a        => 2,
  1        => 'one',
  1.0      => 'float',
  [1, 'x'] => 'list',
  [1, 'x'] => 'again',
  undef    => 'u',
  undef    => 'v',
  default  => 'd',
  default  => 'e',
  /re/     => 'r',
  /re/     => 's',
  "${x}"   => 'i',
  "${x}"   => 'j',
}
notify { 'h':
  message => { 'port' => 80, port => 8080 },
}
notice($h['a'])
