# A define nested in a class is made when its file loads, types and all.
notice("before")
class outer {
  define inner(Array[Nope] $x = []) {}
}
