# captures-rest that is not last is not checked for functions (only for lambdas)
function rest_first(*$rest, $x) { }
