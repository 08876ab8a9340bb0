# create_resources with a type, a hash of titles and a hash of defaults.
$users = {
  'nick' => { 'uid' => '1330', 'groups' => ['developers', 'operations'] },
  'dan'  => { 'uid' => '1308', 'shell' => '/bin/zsh' },
}
$defaults = { 'gid' => 'allstaff', 'managehome' => true, 'shell' => 'bash' }
create_resources('user', $users, $defaults)
create_resources(notify, { 'made' => {} })
