class db (String $password) {
  notify { 'pw': message => $password }
}
