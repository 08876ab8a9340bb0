# true is not accepted as an attribute name
exec { 'x': true => 1 }
