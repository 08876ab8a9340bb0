# typed parameters, captures-rest and return type
function mymod::f(Integer $x, String *$rest) >> String {
  "${x} ${rest}"
}
