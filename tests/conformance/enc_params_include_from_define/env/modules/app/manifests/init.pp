class app (
  String  $vhost = 'default.example.com',
  Integer $port  = 80,
) {
  notify { 'app': message => "${vhost}:${port}" }
}
