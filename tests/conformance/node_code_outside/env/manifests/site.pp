# Code outside node statements is compiled for every node, before the node.
notify { 'top before': }
node 'www1.example.com' {
  notify { 'in node': }
}
notify { 'top after': }
file { '/etc/motd': content => 'hi' }
