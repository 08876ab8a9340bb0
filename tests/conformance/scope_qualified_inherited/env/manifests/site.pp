# A qualified variable of a derived class also finds the variables of its base class.
class base { $v = 'from base' }
class derived inherits base { $w = 'own' }
include derived
notify { "${derived::v} ${derived::w} ${base::v}": }
