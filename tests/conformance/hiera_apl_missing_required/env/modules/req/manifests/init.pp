class req (String $needed) {
  notify { 'needed': message => $needed }
}
