class app($port = 8080, $hosts = ['a', 'b']) {
  $conf = epp('app/conf.epp', {'port' => $port, 'hosts' => $hosts})
  $plain = epp('app/plain.epp')
  notify { 'conf': message => $conf }
  notify { 'plain': message => $plain }
}
include app
