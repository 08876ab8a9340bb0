type Car = Object[{attributes => {make => String}}]
function f(String $c) { $c }
notice(f(Car("x")))
