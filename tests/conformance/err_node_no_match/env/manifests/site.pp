# Node statements exist but none matches and there is no default.
node 'db01.example.com' {
  notify { 'db': }
}
