type Car = Object[{attributes => {make => String, year => Integer}}]
notice(Car.new("Volvo", "x"))
