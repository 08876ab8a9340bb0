# function names cannot be reserved type names
function string() { }
