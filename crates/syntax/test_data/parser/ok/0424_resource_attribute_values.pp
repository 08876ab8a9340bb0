# attribute values are arbitrary expressions
file { '/tmp/a':
  ensure  => $present ? { true => file, default => absent },
  mode    => String(0644, '%o'),
  owner   => $facts['owner'],
  group   => [$a, $b][0],
  content => "x${y}z",
  notify  => [Service['a'], Service['b']],
}
