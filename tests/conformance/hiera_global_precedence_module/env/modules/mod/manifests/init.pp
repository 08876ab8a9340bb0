class mod ($a, $b, $c, $list) {
  notify { 'a': message => $a }
  notify { 'b': message => $b }
  notify { 'c': message => $c }
  notify { 'list': message => $list }
  notify { 'list-unique': message => lookup('mod::list', Array, 'unique') }
}
