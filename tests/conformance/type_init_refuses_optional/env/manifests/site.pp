# Init cannot create Optional values: matching against it fails as in Puppet.
notice('1' !~ Init[Optional[Integer]])
