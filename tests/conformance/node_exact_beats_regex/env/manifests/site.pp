# An exact name wins over an earlier regex.
node /^web\d+/ {
  notify { 'regex': }
}
node 'web01.example.com' {
  notify { 'exact': }
}
