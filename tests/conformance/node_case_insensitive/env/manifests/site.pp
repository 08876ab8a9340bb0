# Node names match case-insensitively.
node 'www1.example.com' {
  notify { 'lower': }
}
node default {
  notify { 'default': }
}
