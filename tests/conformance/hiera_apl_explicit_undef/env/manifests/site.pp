# an explicit undef in a resource-like declaration counts as "not given"
class { 'ex': a => undef }
