class tm (Integer $port) {
  notify { 'port': message => $port }
}
