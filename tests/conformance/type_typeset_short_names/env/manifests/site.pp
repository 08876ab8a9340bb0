type MyTypes = TypeSet[{pcore_version => '1.0.0', types => {Port => Integer[1, 65535], Srv => Object[{attributes => {port => Port}}]}}]
notify { 'set': message => "${MyTypes}" }
$s = MyTypes::Srv(80)
notify { 'srv': message => [$s.port, "${type($s)}", "${MyTypes::Srv}"] }
