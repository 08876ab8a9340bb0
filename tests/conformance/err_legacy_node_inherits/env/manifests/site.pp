node 'common' {
  notify { 'c': }
}
node 'web01.example.com' inherits 'common' {
  notify { 'w': }
}
