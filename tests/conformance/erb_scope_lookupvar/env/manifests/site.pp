class app::params { $v = 'pv' }
class app inherits app::params { $own = 'o'
 notify { 't': message => template('app/t.erb') } }
$top = 'T'
include app
