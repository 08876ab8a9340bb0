# Hiera interpolation of variables that are not set: Puppet warns once per name
# (scope lookups through lookupvar); a missing fact inside $facts is silent.
notice(lookup('k'))
notice(lookup('k'))
class c { notice(lookup('k')) }
include c
