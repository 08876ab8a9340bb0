class app (Integer $port, String $appname) {
  notify { 'port': message => $port }
  notify { 'name': message => $appname }
}
