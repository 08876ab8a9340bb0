type MyCar = Object[{attributes => {make => String}}]
notify { 'x': message => ["${MyCar('x')}", "${MyCar}", MyCar('y')] }
