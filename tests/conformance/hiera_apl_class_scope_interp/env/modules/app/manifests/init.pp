class app ($size, $label) {
  $local_in_app = 'set in body'
  notify { 'size': message => $size }
  notify { 'label': message => $label }
}
