# A Deferred made without arguments has none in the catalog; an empty list is kept.
$none = Deferred('vault_lookup::lookup')
$empty = Deferred('vault_lookup::lookup', [])
$args = Deferred('join', [['a', undef], 1.5])
notify { 'd': message => [$none, $empty, $args, { 'k' => Deferred({ 'name' => 'f' }) }] }
notice($none)
notice($empty)
notice("${args}")
notice($none == Deferred({ 'name' => 'vault_lookup::lookup' }))
notice($none == $empty)
