type Car = Object[{attributes => {make => String}}]
function f(Car $c) { $c.make }
notice(f("x"))
