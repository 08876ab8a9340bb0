# Facts, $facts, $trusted and $server_facts are frozen: a template cannot change them
# in place (FrozenError); an Array bound in Puppet code can be.
$mine = []
notify { 'frozen': message => template('m/frozen.erb') }
notify { 'after': message => [$os, $interfaces, $mine] }
