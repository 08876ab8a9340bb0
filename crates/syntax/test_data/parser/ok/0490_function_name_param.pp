# $name is allowed as a function parameter
function name_param($name) { $name }
