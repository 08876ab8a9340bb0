class web (Integer $port = 80, Boolean $enabled = true, Array $tags = [], Hash $opts = {}, $nothing = 'default for null') {
  notify { 'port': message => $port }
  notify { 'enabled': message => $enabled }
  notify { 'tags': message => $tags }
  notify { 'opts': message => $opts }
  notify { 'nothing': message => $nothing }
}
