# if inside if
if $x {
  if $y {
    notice('both')
  }
}
