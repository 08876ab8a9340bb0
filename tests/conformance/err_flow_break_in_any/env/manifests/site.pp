$r = [1, 2, 3].any |$x| {
  if $x == 2 { break() }
  false
}
notify { 'r': message => $r }
