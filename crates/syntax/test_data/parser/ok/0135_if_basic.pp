# if
if $x {
  notice('x')
}
