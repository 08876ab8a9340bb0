class role {
  notify { 'role': message => "${role} ${::role}" }
}
