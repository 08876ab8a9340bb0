# validate_legacy, is_a, merge with a block, deprecation, facts
validate_legacy(String, 'validate_string', 'text')
validate_legacy('Optional[Integer]', 'validate_integer', undef)
validate_legacy(Stdlib::Compat::Hash, 'validate_hash', { 'a' => 1 })
validate_legacy(Integer, 'validate_integer', '42')
validate_legacy(Array[String], 'validate_array', ['a', 'b'])
deprecation('mykey', 'this is going away')
notify { 'is_a':
  message => [
    is_a('x', String), is_a(1, String), is_a([1], Array[Integer]), is_a(undef, Optional[String]),
    ['a', 'b'].merge |$acc, $v| { { $v => $v.length } },
    { 'x' => 1, 'y' => 2 }.merge |$acc, $k, $v| { { "${k}${v}" => $v * 2 } },
    fact('os.family'), fact('networking.interfaces.eth0.ip'),
    os_version_gte('Debian', '11'), fqdn_rotate(['a', 'b', 'c']), fqdn_rand_string(12),
    seeded_rand(100, 'x'), pick($facts['nope'], $facts['os']['family']),
    stdlib::ensure(true, 'service'), stdlib::ensure(false, 'package'),
  ],
}
