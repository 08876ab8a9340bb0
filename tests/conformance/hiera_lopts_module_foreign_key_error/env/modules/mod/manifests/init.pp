class mod ($pkgs, $cfg) {
  notify { 'pkgs': message => $pkgs }
  notify { 'cfg': message => $cfg }
}
