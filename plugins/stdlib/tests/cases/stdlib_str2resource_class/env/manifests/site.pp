# Puppet capitalizes the title of a class reference (Class[k] is Class[K]).
class k {}
include k
notify { 'a': message => stdlib::str2resource('Class[k]') }
