# case option with several values
case $x {
  1, 2, 'three': { notice('small') }
}
