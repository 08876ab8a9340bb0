file { '/a': content => stdlib::deferrable_epp('tpl/t.epp', {'name' => 'x'}) }
file { '/b': content => stdlib::deferrable_epp('tpl/t.epp', {'name' => Deferred('join', [['a'], ''])}) }
