class ex ($a = 'default a', $b = 'default b') {
  notify { 'a': message => $a }
  notify { 'b': message => $b }
}
