type Car = Object[{attributes => {make => String, year => Integer}}]
notice(Car.new({make => "Volvo"}))
