$s = Sensitive('secret')
$t = Timestamp('2024-03-01T12:30:00Z')
$d = Deferred('join', [['a'], '-'])
notify { 'special': message => "[${s}] [${t}] [${Regexp('a/b')}]" }
notify { 'string_fn': message => [String(1.0), String([1, 'a', undef]), String({'a' => [1]}), String(undef), String(default), String(true), String(Integer[1, 2])] }
