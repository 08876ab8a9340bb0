# Node definitions create a scope that can override top-scope variables; classes
# declared in the node see node scope.
$ntpserver = 'top.example.com'
$only_top = 'from top'
node 'www1.example.com' {
  $ntpserver = 'node.example.com'
  include ntp
  notify { 'node sees': message => "${ntpserver} ${::ntpserver}" }
}
class ntp {
  notify { 'ntp': message => "${ntpserver} ${only_top} ${::ntpserver}" }
}
