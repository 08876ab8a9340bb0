# functions must be at top level
class a {
  function b() { }
}
