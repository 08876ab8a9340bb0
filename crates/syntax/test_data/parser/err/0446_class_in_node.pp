# classes cannot be defined inside a node
node a {
  class b { }
}
