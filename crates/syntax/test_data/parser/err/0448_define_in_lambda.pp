# defines cannot be created inside a lambda
[1].each |$x| {
  define a { }
}
