# type aliases must be at top level
class a {
  type B = Integer
}
