node default {
  [1, 2].each |$x| { return() }
}
