class profile::db (
  String $password,
  String $user,
  Integer $port,
  Hash $settings,
  String $fallback = 'default value',
) {
  notify { 'db':
    message => "${user}:${password}@${port} ${settings['token']} ${fallback}",
  }
}
