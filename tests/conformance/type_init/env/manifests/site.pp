# Puppet's Init type: the values `new` of the type accepts, and the type's own name.
notify { 'init':
  message => [Init[Integer] =~ Type, String(Init[Integer]), '3' =~ Init[Integer], 'x' =~ Init[Integer], Init[Integer]('0x10')],
}
