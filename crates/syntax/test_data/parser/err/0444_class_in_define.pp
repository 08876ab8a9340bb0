# classes cannot be defined inside a define
define a {
  class b { }
}
