# is_a (which deferrable_epp uses) is stdlib's, not Puppet's.
notify { 'n': message => Deferred('join', [['a'], '']).is_a(Deferred) }
