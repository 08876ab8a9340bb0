# a function return type must be a type
function f() >> $x { 1 }
