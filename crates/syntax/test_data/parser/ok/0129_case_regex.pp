# case option with a regex
case $x {
  /^web\d+$/: { notice($0) }
}
