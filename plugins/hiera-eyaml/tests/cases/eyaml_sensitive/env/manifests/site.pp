include secure
$token = lookup('plain::token')
file { '/etc/token': content => $token }
notify { 'unwrapped': message => "${lookup('secure::password').unwrap.length}" }
