class app { }
class { 'app': stage => 'nosuch' }
