# case with two defaults
case $x {
  default: { notice(1) }
  default: { notice(2) }
}
