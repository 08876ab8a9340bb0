# A lambda's declared return type is checked against the body's value and a
# next() value; a return type that matches lets the value through.
$doubled = [1, 2, 3].map |$v| >> Integer[0] {
  if $v == 2 { next(20) }
  $v * 2
}
notice($doubled)
$joined = [['a', 'b']].map |$pair| >> Array[String, 2, 2] { $pair }
notice($joined)
