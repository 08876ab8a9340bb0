type Port = Integer[1, 65535]
type Mode = Enum['a', 'b']
type Cfg = Struct[{port => Port, Optional[mode] => Mode}]
class svc (Port $port = 22, Cfg $cfg = {port => 1}, Mymod::Name $n = 'abc', Mymod::Size $s = 3) {
  notify { 'alias': message => ["${Port}", "${Cfg}", $port =~ Port, 70000 =~ Port, $cfg =~ Cfg, "${Mymod::Name}", 'AB' =~ Mymod::Name, String(Mymod::Size)] }
}
class { 'svc': cfg => {port => 80, mode => 'b'} }
