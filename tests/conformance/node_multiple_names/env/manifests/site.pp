# A comma-separated list of names: the title of the Node resource is the first name
# that matched.
node 'www1.example.com', 'www2.example.com', 'www3.example.com' {
  notify { 'web node': }
}
node default {
  notify { 'default node': }
}
