package { ['a', 'b']: }
notify { 'refs_in_message':
  message => [['x', ['y']], Package['a']],
}
notify { 'plain_nested':
  message => [['x', ['y']], 'z'],
}
notify { 'undef_in_rel':
  require => [undef, [Package['a'], undef], Package['b']],
}
notify { 'class_ref':
  message => [[Class['main']], 'q'],
}
notify { 'hash_with_refs':
  message => {'k' => [[Package['a']]]},
}
