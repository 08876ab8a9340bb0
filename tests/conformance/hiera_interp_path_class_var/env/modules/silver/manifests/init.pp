class silver {
  $tier = 'silver'
  notify { 'silver': message => lookup('k') }
}
