# case with default
case $x {
  'a':     { notice('a') }
  default: { notice('other') }
}
