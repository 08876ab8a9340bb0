# case statement
case $x {
  'a': { notice('a') }
}
