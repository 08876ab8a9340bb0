# validate_legacy's notice for a value the type accepts and the legacy function
# refuses names the type as Puppet prints it (aliases expanded), not its Pcore class.
validate_legacy(Pattern[/^\/.+/], 'validate_re', '/etc/keystone/domains', ['^x'])
validate_legacy(Optional[String[1]], 'validate_integer', 'abc')
validate_legacy('Enum["a", \'b\']', 'validate_integer', 'a')
validate_legacy(Stdlib::Absolutepath, 'validate_integer', '/tmp')
validate_legacy(Variant[Integer[1, 10], Hash[String, Array[String]]], 'validate_re', 5, ['^x'])
validate_legacy(Array[Pattern[/a/, /b/]], 'validate_integer', ['a'])
