class cls {
  $inner = 'inner value'
  $local = 'local in cls'
  notify { 'local': message => lookup('local_var') }
}
