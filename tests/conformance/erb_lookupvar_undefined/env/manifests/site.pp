# scope.lookupvar and scope[] of variables that do not exist: Puppet warns once per
# name, with the reason it gives for a qualified name.
class b { }
class c { $y = 1 }
class d inherits c { }
include d
notify { template('m/t.erb'): }
