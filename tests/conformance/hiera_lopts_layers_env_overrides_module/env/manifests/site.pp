notify { 'pkgs': message => lookup('mod::pkgs') }
$cfg = lookup('mod::cfg')
notify { 'cfg is sensitive': message => $cfg =~ Sensitive }
notify { 'cfg': message => $cfg }
