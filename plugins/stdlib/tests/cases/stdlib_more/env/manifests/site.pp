# stdlib 8.5's functions that call back into the compile (type_of, sprintf_hash,
# stdlib::str2resource) or run commands (validate_cmd, validate_augeas).
notify { 'b': message => 'm' }
file { '/tmp/x y': }
$r = stdlib::str2resource('Notify[b]')
$f = stdlib::str2resource('file[/tmp/x y]')
notify { 'a':
  message => [
    type($r),
    type_of([1, 'a']), type_of({ a => 1, b => [true, undef] }), type_of(Integer),
    type_of(Integer[1, 2]), type_of(undef), type_of(1.5), [1, 2].type_of, type_of(/a+/),
    type_of(Notify[b]), type_of(type_of('x')),
    sprintf_hash('%<a>s-%<b>05d', { a => 'x', b => 3 }),
    sprintf_hash('%{a} %<b>.2f %%', { 'a' => 'y', 'b' => 2 }),
    to_toml({ a => { b => 1 }, c => [{ d => 'e' }] }),
    seeded_rand_string(8, 'x'), shuffle('a'),
    validate_cmd('hello', 'grep -q hello'),
    validate_augeas("root:x:0:0:root:/root:/bin/bash\n", 'Passwd.lns', ['$file/nobody']),
  ],
}
notify { 'c': require => stdlib::str2resource('Notify[b]') }
# Puppet flattens an array holding a resource reference: these stay apart.
notify { 'd': message => [$r, $f, shuffle([[1, 2]])] }
