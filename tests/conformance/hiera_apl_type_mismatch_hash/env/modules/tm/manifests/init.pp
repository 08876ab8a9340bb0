class tm (Hash[String, Integer] $cfg) {
  notify { 'cfg': message => $cfg }
}
