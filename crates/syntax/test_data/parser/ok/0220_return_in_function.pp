# return with a value in a function
function ret_value() { return 1 }
