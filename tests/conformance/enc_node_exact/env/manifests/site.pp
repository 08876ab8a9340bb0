node 'db01.example.com' {
  $role = 'db-node'
  notify { 'db': message => $role }
}
