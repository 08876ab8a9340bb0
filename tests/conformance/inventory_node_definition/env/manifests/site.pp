node /^db/ {
  $role = 'shadowed in the node scope'
  notify { 'node': message => "${role} ${::role}" }
}
node default {}
