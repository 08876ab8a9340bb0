class nt (Integer $port = 80) {
  notify { 'port': message => $port }
}
