# 3.x functions that read facts with lookupvar warn when the fact is missing (no
# facts here): fqdn_rotate's ::fqdn, has_interface_with's interfaces; the
# attribute lookups inside catch(:undefined_variable) stay silent.
notice(fqdn_rotate([1, 2, 3]))
notice(has_interface_with('lo'))
notice(has_interface_with('ipaddress', '10.0.0.1'))
notice(fqdn_rotate('abc'))
