# No matching node statement: the default node is used.
node 'other.example.com' {
  notify { 'other': }
}
node default {
  notify { "default for ${trusted['certname']}": }
}
