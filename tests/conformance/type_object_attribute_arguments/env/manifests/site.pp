type Car = Object[{attributes => {make => String}}]
$c = Car("x")
notice($c.make(1))

