# An Object type from a module's types/, as a class parameter, a function parameter,
# in collections and as a hash key.
class { 'cars': car => Cars::Car('Volvo', 2010) }
function f(Cars::Car $c) >> String { $c.make }
notify { 'n1': message => "${f(Cars::Car('a', 1))}" }
$arr = [Cars::Car('a', 1), Cars::Car('b', 2)]
notify { 'n2': message => $arr.map |$c| { $c.year } }
notify { 'n3': message => "${Cars::Car('a', 1) =~ Cars::Car}" }
notify { 'n4': message => "${type([Cars::Car('a', 1)])}" }
notify { 'n5': message => "${Array[Cars::Car]}" }
notify { 'n6': message => "${Cars::Car('a', 1) in [Cars::Car('a', 1)]}" }
notify { 'n7': message => "${{Cars::Car('a', 1) => 1}}" }
notify { 'n8': message => "${Cars::Car}" }
notify { 'n9': message => "${Cars::Car.new('x', 2).make.upcase}" }
