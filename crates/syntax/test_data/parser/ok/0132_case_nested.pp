# case inside case
case $x {
  'a': {
    case $y {
      default: { notice('a') }
    }
  }
}
