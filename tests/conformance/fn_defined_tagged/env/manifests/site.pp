class foo { tag 'extra' }
define mydef() {}
include foo
$v = 1
mydef { 'one': }
class bar {
  notify { 'tagged': message => [tagged('bar'), tagged('foo'), tagged('class'), tagged('bar', 'class'), tagged('bar', 'nope'), tagged(['bar'])] }
}
include bar
notify { 'defined': message => [defined('$v'), defined('$nope'), defined('foo'), defined('nosuchclass'), defined('mydef'), defined('file'), defined(File), defined(Mydef['one']), defined(Mydef['two']), defined(Class['foo']), defined(Class['bar']), defined('join'), defined('nosuchfn'), defined('$facts')] }
