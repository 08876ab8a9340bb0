# classes cannot be defined inside an if
if true {
  class a { }
}
