# resource of a qualified (defined) type
mymod::thing { 'x': param => 1 }
