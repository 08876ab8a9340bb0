# mapped_paths, glob, deep merge with knockout prefixes and hash arrays, unique merges
# across levels, convert_to in environment and module data, and the alias, literal,
# scope and lookup interpolation functions, against one node.
include app
notify { 'h':
  message => [
    lookup('users'), lookup('list'), lookup('ports'), lookup('globbed'),
    lookup('alias_me'), lookup('lit'), lookup('sc'), lookup('lk'), lookup('osval'),
    lookup('list', Array, 'first'), lookup('nope', undef, undef, 'dflt'),
    lookup({ 'name' => 'nope2', 'default_value' => 3 }),
    lookup('users', Hash, { 'strategy' => 'hash' }),
    lookup('users.alice.uid'), lookup('roles_list'),
  ],
}
