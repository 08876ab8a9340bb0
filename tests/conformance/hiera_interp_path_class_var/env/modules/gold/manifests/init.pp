class gold {
  $tier = 'gold'
  notify { 'gold': message => lookup('k') }
}
