# Typed parameters, a trailing comma and defaults of several data types.
class app (
  String $user = 'app',
  Integer $workers = 4,
  Array[String] $dirs = ['/a', '/b'],
  Hash $opts = { 'k' => 'v' },
  Optional[String] $extra = undef,
  Boolean $debug = false,
) {
  notify { 'app':
    message => "${user} ${workers} ${dirs} ${opts} ${extra} ${debug}",
  }
}
include app
