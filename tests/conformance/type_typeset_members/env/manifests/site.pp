# A TypeSet declared in the language: once it is loaded, its members are
# `Set::Name` (an Object member is named so, and prints its definition unnamed).
type MyTypes = TypeSet[{pcore_version => '1.0.0', version => '2.1.0', types => {Car => Object[{attributes => {make => String, port => Integer}}], Port => Integer[1, 65535]}}]
notify { 'set': message => "${MyTypes}" }
$c = MyTypes::Car('x', 8080)
notify { 'members': message => ["${c}", $c =~ MyTypes::Car, "${type($c)}", 8080 =~ MyTypes::Port, 0 =~ MyTypes::Port, "${MyTypes::Port}", "${MyTypes::Car}", $c.port] }
notify { 'rich': message => $c }
