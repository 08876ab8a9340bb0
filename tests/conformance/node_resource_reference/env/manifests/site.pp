# The Node resource can be referenced.
node /^db\d/ {
  notify { 'db': }
}
notify { 'after node': require => Node['__node_regexp__dbd'] }
