class mod ($k = 'param default') {
  notify { 'k': message => $k }
}
