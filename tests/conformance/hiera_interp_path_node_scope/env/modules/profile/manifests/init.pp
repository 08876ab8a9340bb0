class profile {
  # $role comes from node scope (dynamic scope is not used for class variables,
  # but the lookup runs in this class's scope)
  notify { 'in class': message => lookup('k') }
}
