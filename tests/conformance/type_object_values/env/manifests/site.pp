# Object types declared in the language: creation, attributes, printing, types and
# the catalog's rich-data form.
type Car = Object[{attributes => {make => String, year => Integer}}]
$c = Car.new('Volvo', 2010)
$d = Car('Saab', 1999)
$e = Car.new({make => 'Fiat', year => 2001})
notify { 'print': message => ["${c}", "${d}", "${e}", "${[$c]}", "${{k => $c}}", String($c), $c.make, $c.year, "${Car}", "${type($c)}", "${type($c, generalized)}", "${Object[{attributes => {a => Integer}}]}", "${Object[{name => 'My::Thing', attributes => {a => Integer}}].new(1)}", "${Object}"] }
notify { 'checks': message => [$c =~ Car, $c =~ Object, $c =~ Data, $c =~ RichData, 'x' =~ Car, $c == Car.new('Volvo', 2010), $c == $d, Car =~ Type[Object], $c =~ Object[{attributes => {make => String, year => Integer}}]] }
notify { 'car': message => $c }
notify { 'cars': message => [$c, {a => $d}] }
