# function body: assignment then value
function assign_then_value() { $x = 1 $x }
