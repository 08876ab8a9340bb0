# class bodies may end with effectful expressions
class a {
  $x = 1
  [1].each |$v| { notice($v) }
}
