import 'nodes/*.pp'
node 'common' {
  $ntpserver = 'time.example.com'
  notify { "common ${ntpserver}": }
}
