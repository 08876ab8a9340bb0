class nginx (
  Integer $port = 80,
  String $user = 'nginx',
  Integer $workers = 1,
) {
  notify { 'nginx': message => "port=${port} user=${user} workers=${workers}" }
}
