# duplicate function parameter
function f($x, $x) { }
