# An Object type with a parent, defaults and optional attributes.
type Vehicle = Object[{attributes => {wheels => Integer}}]
type Car = Object[{parent => Vehicle, attributes => {make => String, year => {type => Integer, value => 2000}, color => Optional[String]}}]
$c = Car.new(4, 'Volvo')
notify { 'print': message => ["${c}", "${Car.new(4, 'Volvo', 2011, 'red')}", "${Car.new({wheels => 4, make => 'Saab', color => 'blue'})}", $c.wheels, $c.year, $c.color, "${Car}", "${Vehicle}"] }
notify { 'checks': message => [$c =~ Vehicle, Vehicle.new(3) =~ Car, $c =~ Object, Car =~ Type[Vehicle], Vehicle =~ Type[Car]] }
notify { 'x': message => [$c, Vehicle.new(2), Car.new(4, 'Volvo', 2000, 'red')] }
