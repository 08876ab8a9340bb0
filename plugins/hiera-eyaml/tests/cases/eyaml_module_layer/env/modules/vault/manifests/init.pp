class vault (String $token) {
  notify { 'vault': message => $token }
}
