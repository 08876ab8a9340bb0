['tilde', 'word', 'Word', 'empty', 'quoted'].each |$k| {
  $v = lookup($k, undef, undef, 'DEFAULT')
  notify { $k: message => [$v] }
}
notify { 'in_list': message => lookup('in_list') }
notify { 'in_hash': message => lookup('in_hash') }
