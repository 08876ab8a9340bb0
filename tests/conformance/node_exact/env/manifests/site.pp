# A node statement with the node's exact name.
node 'www1.example.com' {
  include common
  notify { 'www1': }
}
node 'db1.example.com' {
  include common
  notify { 'db1': }
}
class common { notify { 'common': } }
