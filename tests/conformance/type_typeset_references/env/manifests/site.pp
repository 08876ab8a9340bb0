# TypeSet members referring to one another by their full names (evaluated on
# demand, printed by their names in the set).
type MyTypes = TypeSet[{pcore_version => '1.0.0', version => '2.1.0', types => {Car => Object[{attributes => {make => String, port => MyTypes::Port, owner => Optional[MyTypes::Person]}}], Port => Integer[1, 65535], Person => Object[{attributes => {name => String}}]}}]
notify { 'set': message => "${MyTypes}" }
$c = MyTypes::Car('x', 8080, MyTypes::Person('bob'))
notify { 'car': message => ["${c}", "${type($c)}", $c.owner.name, "${MyTypes::Car('x', 8080)}", $c =~ MyTypes::Car, $c.owner =~ MyTypes::Person] }
notify { 'rich': message => $c }
