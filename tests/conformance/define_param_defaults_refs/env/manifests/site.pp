# Parameter defaults may refer to $title and to earlier parameters.
define account ($user = $title, $home = "/home/${user}", $shell = '/bin/sh') {
  file { $home: owner => $user }
  notify { "${user}:${home}:${shell}": }
}
account { 'alice': }
account { 'bob': home => '/srv/bob' }
account { 'carol': user => 'caroline' }
