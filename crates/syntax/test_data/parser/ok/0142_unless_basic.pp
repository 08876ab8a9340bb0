# unless
unless $x {
  notice('not x')
}
