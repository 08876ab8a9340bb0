notify { 'd': message => Deferred('join', [['a', 'b'], '-']) }
file { '/x': content => Deferred('inline_epp', ['<%= 1 %>', {'a' => Sensitive('s')}]) }
$d = Deferred('new', [Integer, '1'])
notify { 'e': message => [$d, {'k' => Deferred('sprintf', ['%s', 'x'])}] }
notify { 's': message => Sensitive(Deferred('join', [['a'], ''])) }
