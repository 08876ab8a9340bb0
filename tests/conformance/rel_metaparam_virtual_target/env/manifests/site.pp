# A relationship to a virtual resource is fine (it is in the catalog while
# compiling); a virtual resource's own relationships are not checked.
@notify { 'v': require => Notify['zz'] }
notify { 'a': require => Notify['v'] }
notify { 'b': before => 'notify[a]' }
