type Car = Object[{attributes => {make => String, year => Integer}}]
notice(Car.new("a", 1).model)
